import toast from 'react-hot-toast';
import { errorMessage } from './api-error';

/** Copies text and toasts `successMessage`; a failure shows its error message, or `failureMessage` when given. */
export async function copyText(
  text: string,
  successMessage: string,
  failureMessage?: string,
): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('Copying is not available in this browser');
    await navigator.clipboard.writeText(text);
    toast.success(successMessage);
    return true;
  } catch (error) {
    toast.error(failureMessage ?? errorMessage(error));
    return false;
  }
}

/**
 * Copies text and says so (SPEC: 'Copied {label} successfully'; a failure shows its error message, or
 * `failureMessage` where SPEC names one, such as 'Failed to copy payment link').
 */
export function copyWithToast(text: string, label: string, failureMessage?: string): Promise<boolean> {
  return copyText(text, `Copied ${label} successfully`, failureMessage);
}
