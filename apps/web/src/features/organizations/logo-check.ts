import { logoProblem, PNG_SIGNATURE } from '@finboard/shared/organizations';

/**
 * Spec §5 logo rule, applied in the browser before anything is sent: the file's first bytes must be
 * the PNG signature (a renamed JPEG fails) and it must be under 5MB. Returns the message, or undefined.
 */
export async function checkLogoFile(file: Blob): Promise<string | undefined> {
  const head = new Uint8Array(await file.slice(0, PNG_SIGNATURE.length).arrayBuffer());
  return logoProblem(head, file.size);
}
