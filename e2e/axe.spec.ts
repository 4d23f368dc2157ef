import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { themes, visitEveryScreen } from './screens';

/**
 * axe-core scans every screen in both design modes and both themes; a serious or critical violation (contrast,
 * names, labels, landmarks…) fails the test, listed with the elements it was found on.
 */
const failingImpacts = new Set(['serious', 'critical']);
/** With SHOTS_DIR set, each scanned screen is photographed too (390 × 844), for a person to look at. */
const shotsDir = process.env.SHOTS_DIR;
const fileName = (screen: string) => screen.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');

for (const theme of themes) {
  test(`no serious or critical axe violation on any screen (${theme.name})`, async ({ page, navigate, signUp }) => {
    test.setTimeout(480_000);
    const violations: string[] = [];
    await visitEveryScreen({
      page,
      navigate,
      signUp,
      theme,
      check: async (screen) => {
        if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `${theme.name}-${fileName(screen)}.png`) });
        const results = await new AxeBuilder({ page }).analyze();
        for (const violation of results.violations) {
          if (!failingImpacts.has(violation.impact ?? '')) continue;
          for (const node of violation.nodes) {
            violations.push(
              `${screen}: [${violation.impact}] ${violation.id} (${violation.help}) at ${node.target.join(' ')} ` +
                `${node.html.slice(0, 160)}: ${node.failureSummary?.replace(/\s+/g, ' ')}`,
            );
          }
        }
      },
    });
    expect(violations, 'serious or critical axe violations').toEqual([]);
  });
}
