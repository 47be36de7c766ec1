/**
 * Ant Design styles itself through ConfigProvider's nonce, but a few of its internals (the modal and
 * drawer scroll locker, the table's scrollbar measurement) create <style> elements without one, and
 * the Content-Security-Policy refuses them. Giving every script-created <style> the page's nonce keeps
 * them working without weakening the policy: any script on the page can read the nonce already.
 */
export function stampStyleNonce(nonce: string | undefined): void {
  if (!nonce) return;
  const createElement = document.createElement.bind(document);
  document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = createElement(tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  }) as typeof document.createElement;
}

/** The page's CSP nonce, which the server writes into a meta tag of index.html. */
export const pageStyleNonce = (): string | undefined =>
  document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
