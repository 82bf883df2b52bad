import type { AppliedTo, AppliedToBody, CustomAttribute, TestResultAttributes } from '@testament/contracts';
import type { CommandInput } from '@testament/commands';
import type { CustomAttributeDocument } from '@testament/projections/custom-attributes/custom-attributes-projection';

type AppliedToInput = CommandInput<'custom-attributes.create'>['appliedTo'];
type Target = { isRequired: boolean; isActive: boolean };
const targetOut = (target: Target) => ({ is_required: target.isRequired, is_active: target.isActive });
const targetIn = (entry: { is_required?: boolean; is_active?: boolean }): Target => ({
  isRequired: entry.is_required ?? false,
  isActive: entry.is_active ?? true,
});

/** `applied_to` on the wire (§3.11); only the targets the attribute has. */
export function appliedToRepresentation(appliedTo: AppliedTo): CustomAttribute['applied_to'] {
  const { testplan, testsuite, testcase, testresult } = appliedTo;
  return {
    ...(testcase && { testcase: { ...targetOut(testcase), suite_ids: testcase.suiteIds } }),
    ...(testplan && { testplan: targetOut(testplan) }),
    ...(testsuite && { testsuite: targetOut(testsuite) }),
    ...(testresult && {
      testresult: { ...targetOut(testresult), suite_ids: testresult.suiteIds, status_specific: testresult.statusSpecific },
    }),
  };
}

/** What a client sent, for the command: a present entry is active unless it says otherwise; `status_specific: null` stays null. */
export function appliedToInput(body: AppliedToBody): AppliedToInput {
  const { testplan, testsuite, testcase, testresult } = body;
  return {
    ...(testplan && { testplan: targetIn(testplan) }),
    ...(testsuite && { testsuite: targetIn(testsuite) }),
    ...(testcase && { testcase: { ...targetIn(testcase), suiteIds: testcase.suite_ids ?? [] } }),
    ...(testresult && {
      testresult: {
        ...targetIn(testresult),
        suiteIds: testresult.suite_ids ?? [],
        statusSpecific: testresult.status_specific === undefined ? [] : testresult.status_specific,
      },
    }),
  };
}

/** The CustomAttribute object of §3.11. */
export function customAttributeRepresentation(attribute: CustomAttributeDocument, origin: string): CustomAttribute {
  return {
    id: attribute._id,
    url: `${origin}/api/v2/custom-attributes/${attribute._id}/`,
    project: attribute.projectId,
    name: attribute.name,
    type: attribute.type,
    is_deleted: attribute.isDeleted,
    applied_to: appliedToRepresentation(attribute.appliedTo),
  };
}

/**
 * `custom-attributes/testresult/`: the result attributes that apply for a status,
 * split into those for every suite and those limited to some suites.
 */
export function testResultAttributes(
  attributes: CustomAttributeDocument[],
  statusId: number | undefined,
  suiteIds: number[] | undefined,
): TestResultAttributes {
  const nonSuiteSpecific: TestResultAttributes['non_suite_specific'] = [];
  const bySuite = new Map<number, TestResultAttributes['non_suite_specific']>();
  for (const attribute of attributes) {
    const target = attribute.appliedTo.testresult;
    if (!target?.isActive) continue;
    if (statusId !== undefined && target.statusSpecific.length > 0 && !target.statusSpecific.includes(statusId)) continue;
    const value = { name: attribute.name, is_required: target.isRequired };
    if (target.suiteIds.length === 0) {
      nonSuiteSpecific.push(value);
      continue;
    }
    for (const suiteId of target.suiteIds) {
      if (suiteIds && !suiteIds.includes(suiteId)) continue;
      bySuite.set(suiteId, [...(bySuite.get(suiteId) ?? []), value]);
    }
  }
  return {
    non_suite_specific: nonSuiteSpecific,
    // Suite names arrive with the suites' read model; until then the name is empty.
    suite_specific: [...bySuite].sort(([a], [b]) => a - b).map(([suiteId, values]) => ({ suite_id: suiteId, suite_name: '', values })),
  };
}
