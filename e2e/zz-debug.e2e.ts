import { it } from 'vitest';
import { usePage, waitForPath } from './support/browser';
import { DEMO_USER } from './support/constants';
import { logInAndLand } from './support/ui';
const currentPage = usePage();
it('debug', async () => {
  const page = currentPage();
  const logs: string[] = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
  await logInAndLand(page, DEMO_USER.email, DEMO_USER.password, '/pipelines');
  await page.goto('/data-management?table=02_GL_Detail');
  await page.waitForTimeout(5000);
  console.log(page.url());
  console.log(logs.join('\n').slice(0, 5000));
  const html = await page
    .locator('[data-testid="data-grid"]')
    .innerHTML()
    .catch((e) => String(e));
  console.log('headers', await page.locator('.ag-header-cell').count(), 'rows', await page.locator('.ag-row').count());
  const rows = page.locator('.ag-row');
  for (let i = 0; i < Math.min(3, await rows.count()); i++) {
    console.log(
      await rows
        .nth(i)
        .evaluate(
          (el) =>
            `${el.className} idx=${el.getAttribute('row-index')} parent=${el.parentElement?.className} gp=${el.parentElement?.parentElement?.className}`,
        ),
    );
  }
  const i = html.indexOf('ag-header');
  console.log(html.slice(i, i + 2500));
  console.log((await page.locator('body').innerText()).slice(0, 1500));
}, 120_000);
