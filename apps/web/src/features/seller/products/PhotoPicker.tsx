import { useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { PRODUCT_IMAGES_MAX, PRODUCT_PHOTO_MAX_BYTES, PRODUCT_PHOTO_TYPES } from '@souq/shared/constants';
import { useMsg } from '@/lib/use-msg';
import { notify } from '@/components/ui/toast';
import { cx } from '@/components/ui/cx';
import { Trans, useLingui } from '@lingui/react/macro';

const ACCEPT = PRODUCT_PHOTO_TYPES.join(',');

/** Object URLs of some files, revoked when the files change or the picker goes away. */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

/**
 * Product photos to upload with the product: drop them or pick them, see them, remove them. The browser checks type
 * and size for instant feedback; the server decides (type by magic bytes, 10 MB while streaming).
 */
export function PhotoPicker({ files, onChange, room, progress }: {
  files: File[];
  onChange: (files: File[]) => void;
  /** How many more images the product may take. */
  room: number;
  /** Upload progress 0–1 while saving, else null. */
  progress: number | null;
}) {
  const MSG = useMsg();
  const { t } = useLingui();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const previews = usePreviews(files);

  function add(list: FileList | null) {
    if (!list) return;
    const accepted: File[] = [];
    for (const file of Array.from(list)) {
      if (!(PRODUCT_PHOTO_TYPES as readonly string[]).includes(file.type)) notify.error(`${file.name}: ${MSG.productPhotoType}`);
      else if (file.size > PRODUCT_PHOTO_MAX_BYTES) notify.error(`${file.name}: ${MSG.fileTooLarge}`);
      else accepted.push(file);
    }
    const free = Math.max(0, room - files.length);
    if (accepted.length > free) notify.error(MSG.productImagesTooMany(PRODUCT_IMAGES_MAX));
    if (accepted.length && free) onChange([...files, ...accepted.slice(0, free)]);
    if (input.current) input.current.value = '';
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    add(e.dataTransfer.files);
  }

  return (
    <div className="flex flex-col gap-3">
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cx(
          'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm transition-colors',
          over ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:border-brand-400',
        )}
      >
        <svg viewBox="0 0 24 24" className="h-7 w-7 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
          <path d="M4 16l4-4 4 4 3-3 5 5M4 4h16v16H4zM15 8h.01" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="font-medium text-slate-800"><Trans>Drop photos here or click to choose</Trans></span>
        <span id={hintId} className="text-xs text-slate-500"><Trans>JPEG, PNG or WebP, up to 10 MB each. Uploaded photos follow the image URLs.</Trans></span>
      </label>
      <input id={inputId} ref={input} type="file" accept={ACCEPT} multiple className="sr-only" aria-describedby={hintId} aria-label={t`Upload product photos`} onChange={(e) => add(e.target.files)} />
      {files.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label={t`Photos to upload`}>
          {files.map((file, i) => (
            <li key={`${file.name}-${i}`} className="relative overflow-hidden rounded-lg border border-slate-200 bg-white">
              <img src={previews[i]} alt={file.name} className="aspect-square w-full object-cover" />
              <button
                type="button"
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                disabled={progress !== null}
                className="absolute top-1 end-1 rounded-full bg-white/90 px-2 py-0.5 text-xs font-medium text-slate-700 shadow hover:bg-white disabled:opacity-50"
                aria-label={t`Remove ${file.name}`}
              >
                <Trans>Remove</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
      {progress !== null && (
        <div className="flex items-center gap-3 text-xs text-slate-600">
          <progress className="h-2 flex-1 accent-brand-600" value={progress} max={1} aria-label={t`Upload progress`} />
          <span className="tabular-nums">{Math.round(progress * 100)}%</span>
        </div>
      )}
    </div>
  );
}
