import { cloneElement, isValidElement, useId, type InputHTMLAttributes, type ReactElement, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx';

const control =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 ' +
  'focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none disabled:bg-slate-100 disabled:text-slate-500 ' +
  'aria-[invalid=true]:border-red-400 aria-[invalid=true]:focus:ring-red-500/20';

/**
 * What a person types reads in its own direction (dir="auto", unless a field sets one): '12 Palm Street' typed on an
 * Arabic page showed as 'Palm Street 12' in a right-to-left box. An empty field keeps the page's direction, so its
 * placeholder reads as the page does.
 */
export function Input({ className, ref, ...rest }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} dir="auto" className={cx(control, 'h-10', className)} {...rest} />;
}

export function Select({ className, ref, ...rest }: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return <select ref={ref} className={cx(control, 'h-10 pe-8', className)} {...rest} />;
}

export function Textarea({ className, ref, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea ref={ref} dir="auto" className={cx(control, 'min-h-24 py-2', className)} {...rest} />;
}

type ControlProps = { id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; required?: boolean };

/**
 * Label + one control (Input, Select, Textarea or any element taking id/aria props) + hint + error text.
 * Wires the label to the control and the hint/error to aria-describedby; an error sets aria-invalid.
 */
export function Field({ label, error, hint, required, children, className }: {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  children: ReactElement<ControlProps>;
  className?: string;
}) {
  const autoId = useId();
  const child = isValidElement(children) ? children : null;
  const id = child?.props.id ?? autoId;
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [child?.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
        {required && <span className="ms-0.5 text-red-600" aria-hidden="true">*</span>}
      </label>
      {child && cloneElement(child, { id, required: required ?? child.props.required, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hintId && <p id={hintId} className="text-xs text-slate-500">{hint}</p>}
      {error && <p id={errorId} className="text-xs font-medium text-red-700">{error}</p>}
    </div>
  );
}
