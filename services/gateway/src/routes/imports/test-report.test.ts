import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_TEXT, readTestReport, TestReportError, type ReportedTest } from './test-report.ts';

/** The report's bytes in chunks of `size`, as an upload arrives: a chunk may end inside a tag or a character. */
async function* chunks(text: string | Buffer, size = 7): AsyncGenerator<Buffer> {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function read(text: string | Buffer, size?: number): Promise<ReportedTest[]> {
  const tests: ReportedTest[] = [];
  for await (const test of readTestReport(chunks(text, size), 'report.xml')) tests.push(test);
  return tests;
}

async function refusal(text: string): Promise<TestReportError> {
  try {
    await read(text);
  } catch (error) {
    if (error instanceof TestReportError) return error;
    throw error;
  }
  throw new Error('the report was read');
}

const SUREFIRE = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="build 42">
  <testsuite name="com.shop.CheckoutTest" tests="4" time="1.5">
    <properties><property name="java.version" value="21"/></properties>
    <testcase classname="com.shop.CheckoutTest" name="paysByCard" time="0.25"/>
    <testcase classname="com.shop.CheckoutTest" name="refusesExpiredCard" time="1,005.5">
      <failure message="expected &lt;402&gt; but was &lt;200&gt;"
        type="org.opentest4j.AssertionFailedError"><![CDATA[at CheckoutTest.java:41
  at Runner]]></failure>
      <system-out>paying… ✓ ünïcødé</system-out>
      <system-err>warning: slow</system-err>
    </testcase>
    <testcase classname="com.shop.CheckoutTest" name="crashes">
      <error message="NullPointerException" type="java.lang.NullPointerException">npe</error>
    </testcase>
    <testcase classname="com.shop.CheckoutTest" name="later"><skipped message="not ready"/></testcase>
    <testsuite name="Nested">
      <testcase classname="com.shop.Nested" name="inner">
        <properties><property name="testament_case_id" value="301"/><property name="note">text value</property></properties>
      </testcase>
    </testsuite>
  </testsuite>
</testsuites>`;

describe('reading a test report', () => {
  it('reads JUnit as Surefire writes it: suites nested, outcomes, times, texts and properties, whatever the chunks', async () => {
    for (const size of [1, 7, 4096]) {
      const tests = await read(SUREFIRE, size);
      expect(tests.map((test) => [test.suitePath, test.name, test.outcome, test.seconds])).toEqual([
        [['com.shop.CheckoutTest'], 'paysByCard', 'passed', 0.25],
        [['com.shop.CheckoutTest'], 'refusesExpiredCard', 'failed', 1005.5],
        [['com.shop.CheckoutTest'], 'crashes', 'error', null],
        [['com.shop.CheckoutTest'], 'later', 'skipped', null],
        [['com.shop.CheckoutTest', 'Nested'], 'inner', 'passed', null],
      ]);
      expect(tests[1]).toMatchObject({
        classname: 'com.shop.CheckoutTest',
        message: 'expected <402> but was <200>',
        failureType: 'org.opentest4j.AssertionFailedError',
        details: 'at CheckoutTest.java:41\n  at Runner',
        systemOut: 'paying… ✓ ünïcødé',
        systemErr: 'warning: slow',
        line: 6,
      });
      expect(tests[2]).toMatchObject({ message: 'NullPointerException', details: 'npe' });
      expect(tests[3]).toMatchObject({ message: 'not ready' });
      expect(tests[4]!.properties).toEqual({ testament_case_id: '301', note: 'text value' });
    }
  });

  it('reads a single testsuite root (pytest, Go) and a gzipped file', async () => {
    const pytest = `<testsuite name="pytest"><testcase classname="tests.test_login" name="test_ok" time="0.01"/>
      <testcase classname="tests.test_login" name="test_skip">
        <skipped type="pytest.skip" message="flaky">reason</skipped>
      </testcase></testsuite>`;
    for (const bytes of [pytest, gzipSync(Buffer.from(pytest))]) {
      const tests = await read(bytes);
      expect(tests.map((test) => [test.suitePath, test.classname, test.name, test.outcome])).toEqual([
        [['pytest'], 'tests.test_login', 'test_ok', 'passed'],
        [['pytest'], 'tests.test_login', 'test_skip', 'skipped'],
      ]);
    }
  });

  it('reads xUnit.net v2 and NUnit 3 reports in the same terms', async () => {
    const xunit = `<assemblies><assembly name="C:\\build\\Shop.Tests.dll"><collection name="Checkout">
      <test name="Shop.Checkout.Pays" type="Shop.Checkout" method="Pays" result="Pass" time="0.5">
        <traits><trait name="testament_case_id" value="7"/></traits>
      </test>
      <test name="Shop.Checkout.Refuses" type="Shop.Checkout" method="Refuses" result="Fail" time="0.1">
        <failure exception-type="Xunit.EqualException">
          <message><![CDATA[Assert.Equal() Failure]]></message><stack-trace>at Checkout.cs:12</stack-trace>
        </failure>
        <output>log line</output></test>
      <test name="Shop.Checkout.Later" type="Shop.Checkout" method="Later" result="Skip" time="0">
        <reason><![CDATA[not yet]]></reason>
      </test>
    </collection></assembly></assemblies>`;
    const nunit = `<test-run><test-suite type="Assembly" name="Shop.Tests.dll"><test-suite type="TestFixture" name="CheckoutTests">
      <test-case name="Pays" methodname="Pays" classname="Shop.CheckoutTests" result="Passed" duration="0.2"/>
      <test-case name="Breaks" methodname="Breaks" classname="Shop.CheckoutTests" result="Failed" label="Error" duration="0.1">
        <failure><message>boom</message><stack-trace>at Breaks()</stack-trace></failure></test-case>
      <test-case name="Later" methodname="Later" classname="Shop.CheckoutTests" result="Skipped" label="Ignored">
        <reason><message>soon</message></reason>
      </test-case>
    </test-suite></test-suite></test-run>`;
    expect((await read(xunit)).map((test) => [test.suitePath, test.classname, test.name, test.outcome, test.message])).toEqual([
      [['Shop.Tests.dll', 'Checkout'], 'Shop.Checkout', 'Pays', 'passed', ''],
      [['Shop.Tests.dll', 'Checkout'], 'Shop.Checkout', 'Refuses', 'failed', 'Assert.Equal() Failure'],
      [['Shop.Tests.dll', 'Checkout'], 'Shop.Checkout', 'Later', 'skipped', 'not yet'],
    ]);
    const [pays, refuses] = await read(xunit);
    expect(pays!.properties).toEqual({ testament_case_id: '7' });
    expect(refuses).toMatchObject({ failureType: 'Xunit.EqualException', details: 'at Checkout.cs:12', systemOut: 'log line' });
    expect((await read(nunit)).map((test) => [test.suitePath, test.name, test.outcome, test.message, test.details])).toEqual([
      [['Shop.Tests.dll', 'CheckoutTests'], 'Pays', 'passed', '', ''],
      [['Shop.Tests.dll', 'CheckoutTests'], 'Breaks', 'error', 'boom', 'at Breaks()'],
      [['Shop.Tests.dll', 'CheckoutTests'], 'Later', 'skipped', 'soon', ''],
    ]);
  });

  it('keeps at most MAX_TEXT of a test’s output, saying it cut it', async () => {
    const [test] = await read(
      `<testsuite><testcase name="loud"><system-out>${'x'.repeat(MAX_TEXT * 3)}</system-out></testcase></testsuite>`,
      65_536,
    );
    expect(test!.systemOut.length).toBeLessThan(MAX_TEXT + 100);
    expect(test!.systemOut).toMatch(/cut: the report holds more\)$/);
  });

  it('refuses a DOCTYPE, so neither an external entity (XXE) nor a billion laughs is ever expanded', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <testsuite><testcase name="&xxe;"/></testsuite>`;
    const entity = (level: number) => `<!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`;
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">${entity(1)}${entity(2)}${entity(3)}]>
      <testsuite><testcase name="&lol3;"/></testsuite>`;
    for (const report of [xxe, laughs]) {
      const error = await refusal(report);
      expect(error.message).toMatch(/^report\.xml, line \d+: a DOCTYPE is not allowed in a test report/);
      expect(error.message).not.toContain('root:');
    }
  });

  it('refuses malformed XML, another format and an empty file, naming the file, the line and the element', async () => {
    expect((await refusal('<testsuites>\n<testsuite name="a">\n<testcase name="x">\n</testsuite>')).message).toMatch(
      /^report\.xml, line 4, <testcase>: Unexpected close tag/,
    );
    expect((await refusal('<html><body/></html>')).message).toBe(
      'report.xml, line 1, <html>: not a JUnit, xUnit or NUnit report: its root element is none of theirs',
    );
    expect((await refusal('<testsuite>\n  <testcase classname="a"/>\n</testsuite>')).message).toBe(
      'report.xml, line 2, <testcase>: a testcase has no name',
    );
    expect((await refusal('')).message).toBe('report.xml, line 1: the file is empty');
    expect((await refusal('<testsuite><testcase name="cut"')).message).toMatch(/^report\.xml, line 1/);
  });
});
