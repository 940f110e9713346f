// Toasts of the vendor and admin areas (the spec's alert()s become toasts with the same words). sonner is imported
// here only, and this module only by area code (the frames mount AreaToaster): it never reaches the storefront's
// first-load bundle. Storefront code must not import this file.
import { toast, Toaster } from 'sonner';

/** Shows a toast; the words are the spec's (from MSG in packages/shared/src/messages.ts where they exist). */
export const notify = {
  /** A green success toast, e.g. notify.success('Order status updated successfully'). */
  success: (text: string) => void toast.success(text),
  /** A red failure toast that stays a little longer. */
  error: (text: string) => void toast.error(text, { duration: 8000 }),
  /** A failure toast with the error's own message (ApiError carries the spec's text), else `fallback`. */
  errorFrom: (err: unknown, fallback: string) => void toast.error(err instanceof Error && err.message ? err.message : fallback, { duration: 8000 }),
};

/** The toast outlet of an area frame (AdminFrame, VendorFrame): top centre, clear of side sheets (right) and of phone dialogs' buttons (bottom); coloured by kind, closable. */
export function AreaToaster() {
  return <Toaster position="top-center" richColors closeButton duration={5000} toastOptions={{ style: { fontFamily: 'inherit' } }} />;
}
