import toast from 'react-hot-toast';
import { errorMessage } from './api-error';

/** Copies text and says so (SPEC: 'Copied {label} successfully'; a failure shows its error message). */
export async function copyWithToast(text: string, label: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('Copying is not available in this browser');
    await navigator.clipboard.writeText(text);
    toast.success(`Copied ${label} successfully`);
    return true;
  } catch (error) {
    toast.error(errorMessage(error));
    return false;
  }
}
