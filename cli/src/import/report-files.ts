import { openAsBlob } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { CliError } from '../exit-codes.ts';

export type ReportFormat = 'junit' | 'allure';

/** The files a JUnit import sends from a directory: XML reports, gzipped or not (Surefire's directories hold .txt files too). */
const JUNIT_REPORT = /\.xml(\.gz)?$/i;

/**
 * The files the paths name, in the order given: a file as it is (an Allure zip is one); a directory's files directly in it,
 * for JUnit its XML reports only, for Allure every file (results, containers and their attachments).
 */
export async function reportFilesOf(format: ReportFormat, paths: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const path of paths) {
    const found = await stat(path).catch(() => undefined);
    if (!found) throw new CliError(`${path}: no such file or directory`);
    if (!found.isDirectory()) {
      files.push(path);
      continue;
    }
    const inside = (await readdir(path, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && (format === 'allure' || JUNIT_REPORT.test(entry.name)))
      .map((entry) => join(path, entry.name))
      .sort();
    if (inside.length === 0) throw new CliError(`${path} holds no ${format === 'junit' ? 'XML reports (*.xml, *.xml.gz)' : 'files'}`);
    files.push(...inside);
  }
  return files;
}

/** The files as the form's `file` parts, each streamed from disk as the request is sent rather than read into memory. */
export async function appendFiles(form: FormData, files: readonly string[]): Promise<void> {
  for (const file of files) form.append('file', await openAsBlob(file), basename(file));
}
