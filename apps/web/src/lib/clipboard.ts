import toast from 'react-hot-toast';
import { errorMessage } from './api-error';

/**
 * Copies text and says so (SPEC: 'Copied {label} successfully'; a failure shows its error message, or
 * `failureMessage` where SPEC names one, such as 'Failed to copy payment link').
 */
export async function copyWithToast(text: string, label: string, failureMessage?: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('Copying is not available in this browser');
    await navigator.clipboard.writeText(text);
    toast.success(`Copied ${label} successfully`);
    return true;
  } catch (error) {
    toast.error(failureMessage ?? errorMessage(error));
    return false;
  }
}
