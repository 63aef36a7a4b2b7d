import { Check, Lock, X } from 'lucide-react';
import {
  forwardRef,
  useEffect,
  useId,
  useState,
  type AriaAttributes,
  type KeyboardEvent,
} from 'react';
import { cn } from '#src/lib/cn.ts';
import { fieldClass } from './input.tsx';

export type MultiSelectOption = { id: string; name: string };

/** Each option row is 2.25 rem tall: `visibleRows` of them show before the list scrolls. */
const ROW_REM = 2.25;

type MultiSelectProps = {
  /** The search field's id: the FormField's label names it. */
  id?: string;
  options: readonly MultiSelectOption[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  onBlur?: () => void;
  /** What one option is, for the texts: 'clinic' → 'Filter clinics', 'Remove …'. */
  noun: string;
  /** How many options show at once; the list scrolls for more. */
  visibleRows: number;
  /**
   * Chosen options that cannot be removed here, with why: a clinic user's own clinic is always
   * assigned to the patients they add (the server refuses a patient without it).
   */
  fixed?: { ids: readonly string[]; label: string; explanation: string };
  'aria-invalid'?: AriaAttributes['aria-invalid'];
  'aria-describedby'?: string;
  'aria-required'?: AriaAttributes['aria-required'];
};

const matches = (option: MultiSelectOption, filter: string) =>
  option.name.toLowerCase().includes(filter.trim().toLowerCase());

/**
 * A searchable multi-select (the ARIA combobox pattern with a multi-selectable listbox that is
 * always shown): typing filters the options; ArrowDown and ArrowUp move through them; Enter, or
 * Space once the arrows are in use, adds or removes the highlighted one; Escape clears the
 * filter. A click toggles an option too. The chosen options are chips above, each with its
 * Remove button, except the fixed ones, which say why they stay.
 */
export const MultiSelect = forwardRef<HTMLInputElement, MultiSelectProps>(function MultiSelect(
  {
    id,
    options,
    value,
    onChange,
    onBlur,
    noun,
    visibleRows,
    fixed,
    'aria-invalid': ariaInvalid,
    'aria-describedby': ariaDescribedBy,
    'aria-required': ariaRequired,
  },
  ref,
) {
  const baseId = useId();
  const inputId = id ?? `${baseId}-input`;
  const listId = `${baseId}-list`;
  const fixedNoteId = `${baseId}-fixed`;
  const optionId = (optionKey: string) => `${baseId}-option-${optionKey}`;
  const [filter, setFilter] = useState('');
  const [activeId, setActiveId] = useState<string | null>(null);
  // Space types into the filter until the arrows have picked an option (names have spaces).
  const [isNavigating, setIsNavigating] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  const shown = options.filter((option) => matches(option, filter));
  const isFixed = (optionKey: string) => fixed?.ids.includes(optionKey) ?? false;
  const chosen = value
    .map((chosenId) => options.find((option) => option.id === chosenId))
    .filter((option): option is MultiSelectOption => option !== undefined);

  // The highlighted option scrolls into the list's four rows (jsdom has no scrollIntoView).
  useEffect(() => {
    if (activeId)
      document
        .getElementById(`${baseId}-option-${activeId}`)
        ?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId, baseId]);

  function toggle(option: MultiSelectOption) {
    const isChosen = value.includes(option.id);
    if (isChosen && isFixed(option.id)) {
      setAnnouncement(`${option.name}: ${fixed?.explanation ?? ''}`);
      return;
    }
    onChange(
      isChosen
        ? value.filter((chosenId) => chosenId !== option.id)
        : // Kept in the options' order, so the chips read like the list.
          options
            .filter((item) => item.id === option.id || value.includes(item.id))
            .map((item) => item.id),
    );
    setAnnouncement(`${option.name} ${isChosen ? 'removed' : 'added'}`);
  }

  function moveActive(step: 1 | -1) {
    if (shown.length === 0) return;
    const index = shown.findIndex((option) => option.id === activeId);
    const next =
      index < 0
        ? step === 1
          ? 0
          : shown.length - 1
        : Math.min(shown.length - 1, Math.max(0, index + step));
    setActiveId(shown[next]!.id);
    setIsNavigating(true);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const active = shown.find((option) => option.id === activeId);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      moveActive(event.key === 'ArrowDown' ? 1 : -1);
    } else if ((event.key === 'Enter' || (event.key === ' ' && isNavigating)) && active) {
      // Enter chooses here rather than submitting the form.
      event.preventDefault();
      toggle(active);
    } else if (event.key === 'Escape' && (filter !== '' || activeId !== null)) {
      // Only what the picker holds; a second Escape reaches the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      setFilter('');
      setActiveId(null);
      setIsNavigating(false);
    }
  }

  function handleFilterChange(text: string) {
    setFilter(text);
    setIsNavigating(false);
    // The first match is highlighted, so Enter picks it.
    const first = text.trim() ? options.find((option) => matches(option, text)) : undefined;
    setActiveId(first?.id ?? null);
  }

  const describedBy = [
    ariaDescribedBy,
    fixed && chosen.some((o) => isFixed(o.id)) ? fixedNoteId : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div>
      {chosen.length > 0 ? (
        <ul aria-label={`Chosen ${noun}s`} className="mb-2 flex flex-wrap gap-1.5">
          {chosen.map((option) => (
            <li
              key={option.id}
              className="inline-flex items-center gap-1 rounded-full border border-border bg-surface-muted py-0.5 pl-2.5 pr-1 text-xs font-medium text-ink"
            >
              {option.name}{' '}
              {isFixed(option.id) ? (
                <span className="inline-flex items-center gap-0.5 px-1 text-ink-muted">
                  <Lock className="h-3 w-3" aria-hidden />
                  {fixed?.label}
                </span>
              ) : (
                <button
                  type="button"
                  aria-label={`Remove ${option.name}`}
                  onClick={() => toggle(option)}
                  className="inline-flex h-6 w-6 items-center justify-center rounded-full text-ink-muted hover:bg-surface hover:text-ink"
                >
                  <X className="h-3.5 w-3.5" aria-hidden />
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={ref}
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId ? optionId(activeId) : undefined}
        // Escape clears the filter first; a dialog around waits for the next (dialog.tsx).
        data-clears-on-escape={filter !== '' || activeId !== null}
        aria-invalid={ariaInvalid}
        aria-required={ariaRequired}
        aria-describedby={describedBy || undefined}
        placeholder={`Type to filter ${noun}s`}
        value={filter}
        onChange={(event) => handleFilterChange(event.target.value)}
        onKeyDown={handleKeyDown}
        onBlur={() => {
          setActiveId(null);
          setIsNavigating(false);
          onBlur?.();
        }}
        className={cn(fieldClass, 'h-10 rounded-b-none')}
      />
      <div
        id={listId}
        role="listbox"
        aria-multiselectable="true"
        aria-label={`${noun[0]!.toUpperCase()}${noun.slice(1)}s`}
        className="overflow-y-auto rounded-b-md border border-t-0 border-border bg-surface"
        style={{ maxHeight: `${visibleRows * ROW_REM}rem` }}
      >
        {shown.map((option) => {
          const isChosen = value.includes(option.id);
          const isLocked = isChosen && isFixed(option.id);
          return (
            <div
              key={option.id}
              id={optionId(option.id)}
              role="option"
              aria-selected={isChosen}
              aria-disabled={isLocked || undefined}
              tabIndex={-1}
              // As in a native list, the press toggles; the focus stays in the search field (the
              // keys are handled there, through aria-activedescendant).
              onMouseDown={(event) => {
                event.preventDefault();
                setActiveId(option.id);
                toggle(option);
              }}
              className={cn(
                'flex cursor-pointer items-center gap-2 px-3 text-sm text-ink',
                option.id === activeId &&
                  'bg-surface-muted outline outline-2 -outline-offset-2 outline-brand',
                isLocked && 'cursor-default',
              )}
              style={{ height: `${ROW_REM}rem` }}
            >
              <span
                aria-hidden
                className={cn(
                  'inline-flex h-4 w-4 shrink-0 items-center justify-center rounded border',
                  isChosen ? 'border-brand bg-brand text-brand-ink' : 'border-ink-muted',
                )}
              >
                {isChosen ? <Check className="h-3 w-3" /> : null}
              </span>
              <span className="truncate">{option.name}</span>{' '}
              {isLocked ? (
                <span className="ml-auto shrink-0 text-xs text-ink-muted">{fixed?.label}</span>
              ) : null}
            </div>
          );
        })}
      </div>
      {shown.length === 0 ? (
        <p className="rounded-b-md border border-t-0 border-border px-3 py-2 text-sm text-ink-muted">
          No {noun}s match “{filter.trim()}”
        </p>
      ) : null}
      {fixed && chosen.some((option) => isFixed(option.id)) ? (
        <p id={fixedNoteId} className="mt-1 text-xs text-ink-muted">
          {fixed.explanation}
        </p>
      ) : null}
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </div>
  );
});
