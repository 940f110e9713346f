import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { currentMsg } from '@/lib/use-msg';
import { VENDOR_DOCUMENT_MAX_BYTES } from '@souq/shared/constants';
import { documentFileProblem, type VendorDocumentField } from '@souq/shared/api/vendors';
import { tokens } from '@/lib/storage';

/** Who is acting on a vendor's screens: the vendor itself, or an admin (for the vendor in question). */
export type ActingAs = 'vendor' | 'admin';

/** The limit and types written under each document field (UI.md "Files"; vendor §5). */
export const DOCUMENT_HINT: Record<VendorDocumentField, MessageDescriptor> = {
  trade_license: msg`PDF, JPG, JPEG or PNG, up to 10 MB`,
  emirates_id_front: msg`JPG, JPEG or PNG, up to 10 MB`,
  emirates_id_back: msg`JPG, JPEG or PNG, up to 10 MB`,
};

/** The client-side check of a chosen document (the server checks again, by the file's bytes). */
export const documentProblem = (field: VendorDocumentField, file: File) =>
  documentFileProblem(field, file, VENDOR_DOCUMENT_MAX_BYTES, { tooLarge: currentMsg().fileTooLarge, wrongType: field === 'trade_license' ? currentMsg().tradeLicenseType : currentMsg().emiratesIdType });

/**
 * Documents are private: GET /api/files/{id} needs the vendor's or an admin's bearer token, so a plain link cannot
 * open them. The file is fetched with the token and shown from a local blob URL in a new tab.
 */
export async function openPrivateFile(url: string, actingAs: ActingAs): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const token = tokens[actingAs]();
    const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!res.ok) throw new Error(res.statusText);
    const blobUrl = URL.createObjectURL(await res.blob());
    if (tab) tab.location.href = blobUrl;
    else window.location.href = blobUrl;
    // the tab has loaded it by then; the blob is not kept for the page's lifetime
    setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
  } catch {
    tab?.close();
    throw new Error(currentMsg().documentOpenFailed);
  }
}
