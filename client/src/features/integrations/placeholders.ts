/** The placeholders as texts show them: i18next would read `{{…}}` in a translation as its own. */
export const PLACEHOLDERS = { projectPlaceholder: '{{TESTY_PROJECT_ID}}', planPlaceholder: '{{TESTY_PLAN_ID}}' } as const;
