type Environment = Record<string, string | undefined>;

/**
 * The key of the CI run an import comes from, so that uploading a run's reports again (a retried step) changes nothing:
 * GitHub Actions' run, attempt and job; GitLab CI's pipeline and job; Jenkins' BUILD_TAG. Undefined outside these.
 */
export function ciRunKey(env: Environment = process.env): { key: string; from: string } | undefined {
  if (env.GITHUB_RUN_ID) {
    const job = env.GITHUB_JOB ? `-${env.GITHUB_JOB}` : '';
    return { key: `github-${env.GITHUB_RUN_ID}-${env.GITHUB_RUN_ATTEMPT ?? '1'}${job}`, from: 'GITHUB_RUN_ID' };
  }
  if (env.CI_PIPELINE_ID && env.CI_JOB_ID) return { key: `gitlab-${env.CI_PIPELINE_ID}-${env.CI_JOB_ID}`, from: 'CI_PIPELINE_ID' };
  if (env.BUILD_TAG) return { key: env.BUILD_TAG, from: 'BUILD_TAG' };
  return undefined;
}
