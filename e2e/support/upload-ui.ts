import type { Page } from 'playwright-core';

/** The upload form of /file-upload (the file list's filters below have a Data type too). */
export const uploadForm = (page: Page) => page.getByRole('form', { name: 'Upload files' });

export const uploadButton = (page: Page) => uploadForm(page).getByRole('button', { name: 'Upload', exact: true });

/** A file of the list of uploaded files, by its name. */
export const listedFile = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Uploaded files' }).locator('.ant-table-row', { hasText: name });

/** Picks an option of the upload form's antd Select labelled `label`. */
export async function chooseInUploadForm(page: Page, label: string, option: string): Promise<void> {
  await uploadForm(page).getByLabel(label, { exact: true }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${option}$`) })
    .first()
    .click();
}

/** Fills the upload form: GL Detail, the period, and the files. */
export const fillGlUpload = (page: Page, period: string, files: { name: string; mimeType: string; buffer: Buffer }[]) =>
  fillUpload(page, 'GL Detail', period, files);

/** Fills the upload form: a period-based data type, the period, and the files. */
export async function fillUpload(
  page: Page,
  dataType: string,
  period: string,
  files: { name: string; mimeType: string; buffer: Buffer }[],
): Promise<void> {
  await chooseInUploadForm(page, 'Data type', dataType);
  const picker = uploadForm(page).getByLabel('Period', { exact: true });
  await picker.click();
  await picker.fill(period);
  await picker.press('Enter');
  await uploadForm(page).getByLabel('Files', { exact: true }).setInputFiles(files);
}
