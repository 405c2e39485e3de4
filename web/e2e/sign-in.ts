import { expect, type Page } from '@playwright/test';

/** Signs in through the login page and lands on `next`, as a customer following a link would. */
export async function logInTo(page: Page, next: string, email: string, password: string): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('電子信箱').fill(email);
  await page.getByLabel('密碼').fill(password);
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page).toHaveURL(next);
}
