import type { ReadStore } from '@testament/infra';
import { testsOfCases } from '@testament/projections/tests/queries';

/** What happens to a case that its tests follow (§4.13). */
export type CaseChange = 'delete' | 'recover' | 'remove' | 'archive' | 'unarchive';

/**
 * The tests each case's change takes along: a delete its live tests, an
 * archive its unarchived ones, their undoing those taken with the case, a
 * removal everything in the trash.
 */
export async function testsFollowing(readStore: ReadStore, caseIds: readonly number[], change: CaseChange): Promise<Map<number, number[]>> {
  const inTrash = change === 'recover' || change === 'remove';
  const tests = await testsOfCases(readStore, caseIds, inTrash);
  const following = new Map(caseIds.map((caseId) => [caseId, [] as number[]]));
  for (const test of tests) {
    const follows =
      change === 'delete' || change === 'remove'
        ? true
        : change === 'archive'
          ? !test.isArchive
          : change === 'unarchive'
            ? test.archivedWithCase === test.caseId
            : test.deletedWithCase === test.caseId;
    if (follows) following.get(test.caseId)?.push(test._id);
  }
  return following;
}

/** The cases with the tests their change takes along, as the cascades take them. */
export async function casesWithTests(readStore: ReadStore, caseIds: readonly number[], change: CaseChange) {
  const following = await testsFollowing(readStore, caseIds, change);
  return caseIds.map((caseId) => ({ caseId, testIds: following.get(caseId) ?? [] }));
}

/** The tests one case's change takes along. */
export async function testIdsOfCase(readStore: ReadStore, caseId: number, change: CaseChange): Promise<number[]> {
  return (await testsFollowing(readStore, [caseId], change)).get(caseId) ?? [];
}
