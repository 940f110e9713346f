import { currentMsg } from '@/lib/use-msg';
import { IMAGE_SEARCH_MAX_BYTES } from '@souq/shared/constants';

/** Client mirror of the upload rules (admin spec §5 "Image search upload"); the server checks again by magic bytes. */
export function imageFileError(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return currentMsg().imageInvalid;
  if (file.size > IMAGE_SEARCH_MAX_BYTES) return currentMsg().imageTooLarge;
  return null;
}

/** The file as a data URL (`data:image/png;base64,...`), which the API accepts as the base64 image. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
