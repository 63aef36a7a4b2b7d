import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog.tsx';
import { MultiSelect } from './multi-select.tsx';

const CLINICS = [
  { id: 'c1', name: 'Harbor Physical Therapy' },
  { id: 'c2', name: 'Summit Spine & Pain Center' },
  { id: 'c3', name: 'Bayview Imaging' },
  { id: 'c4', name: 'Harbor Chiropractic' },
  { id: 'c5', name: 'Keystone Orthopedics' },
];

const FIXED = { ids: ['c1'], label: 'your clinic', explanation: 'Your clinic always stays.' };

/** The picker in a form, labelled as FormField labels it; `changes` records each new value. */
function renderPicker({
  initial = [] as string[],
  fixed = undefined as typeof FIXED | undefined,
} = {}) {
  const changes: string[][] = [];
  const onSubmit = vi.fn<() => void>();
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <label htmlFor="clinics">Assigned Clinics</label>
        <MultiSelect
          id="clinics"
          noun="clinic"
          visibleRows={4}
          options={CLINICS}
          value={value}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
          fixed={fixed}
        />
      </form>
    );
  }
  render(<Harness />);
  return { changes, onSubmit, input: screen.getByLabelText('Assigned Clinics') };
}

const option = (name: string) => screen.getByRole('option', { name: new RegExp(`^${name}`) });
const chips = () =>
  within(screen.getByRole('list', { name: 'Chosen clinics' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.trim());

describe('MultiSelect', () => {
  it('is a combobox controlling a multi-selectable listbox of four rows', () => {
    const { input } = renderPicker({ initial: ['c2'] });
    expect(input).toHaveAttribute('role', 'combobox');
    const list = screen.getByRole('listbox', { name: 'Clinics' });
    expect(input).toHaveAttribute('aria-controls', list.id);
    expect(list).toHaveAttribute('aria-multiselectable', 'true');
    expect(list.style.maxHeight).toBe('9rem');
    expect(option('Summit Spine')).toHaveAttribute('aria-selected', 'true');
    expect(option('Bayview Imaging')).toHaveAttribute('aria-selected', 'false');
  });

  it('filters as the user types, ignoring case, and says when nothing matches', async () => {
    const { input } = renderPicker();
    const user = userEvent.setup();
    await user.type(input, 'harbor');
    expect(screen.getAllByRole('option').map((item) => item.textContent?.trim())).toEqual([
      'Harbor Physical Therapy',
      'Harbor Chiropractic',
    ]);
    await user.clear(input);
    await user.type(input, 'zz');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByText('No clinics match “zz”')).toBeInTheDocument();
  });

  it('adds the first match with Enter, without submitting the form', async () => {
    const { input, changes, onSubmit } = renderPicker();
    const user = userEvent.setup();
    await user.type(input, 'keys');
    expect(input).toHaveAttribute('aria-activedescendant', option('Keystone').id);
    await user.keyboard('{Enter}');
    expect(changes).toEqual([['c5']]);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(chips()).toEqual(['Keystone Orthopedics']);
    expect(screen.getByRole('status')).toHaveTextContent('Keystone Orthopedics added');
  });

  it('moves with the arrows and toggles with Space or Enter; Space still types a space', async () => {
    const { input, changes } = renderPicker();
    const user = userEvent.setup();
    await user.click(input);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', option('Summit Spine').id);
    await user.keyboard(' ');
    expect(option('Summit Spine')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    // In the options' order, whatever the order they were chosen in.
    expect(changes).toEqual([['c2'], ['c1', 'c2']]);
    await user.keyboard('{Enter}');
    expect(changes.at(-1)).toEqual(['c2']);
    expect(input).toHaveValue('');

    await user.type(input, 'Bayview Im');
    expect(input).toHaveValue('Bayview Im');
    expect(changes).toHaveLength(3);
  });

  it('Escape clears the filter first, and only a second Escape leaves the picker', async () => {
    // Where a dialog around the picker would hear Escape.
    const onOuterEscape = vi.fn<() => void>();
    const listener = (event: KeyboardEvent) => (event.key === 'Escape' ? onOuterEscape() : null);
    document.addEventListener('keydown', listener);
    try {
      const { input } = renderPicker();
      const user = userEvent.setup();
      await user.type(input, 'harbor');
      await user.keyboard('{Escape}');
      expect(input).toHaveValue('');
      expect(input).not.toHaveAttribute('aria-activedescendant');
      expect(screen.getAllByRole('option')).toHaveLength(CLINICS.length);
      expect(onOuterEscape).not.toHaveBeenCalled();
      await user.keyboard('{Escape}');
      expect(onOuterEscape).toHaveBeenCalledOnce();
    } finally {
      document.removeEventListener('keydown', listener);
    }
  });

  it('in a dialog, the first Escape clears the filter and the dialog stays open', async () => {
    const onOpenChange = vi.fn<(isOpen: boolean) => void>();
    render(
      <Dialog isOpen onOpenChange={onOpenChange} title="Edit Patient">
        <label htmlFor="dialog-clinics">Assigned Clinics</label>
        <MultiSelect
          id="dialog-clinics"
          noun="clinic"
          visibleRows={4}
          options={CLINICS}
          value={[]}
          onChange={() => undefined}
        />
      </Dialog>,
    );
    const user = userEvent.setup();
    const input = screen.getByLabelText('Assigned Clinics');
    await user.type(input, 'bay');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('toggles an option with a click and removes a chip with its Remove button', async () => {
    const { input, changes } = renderPicker({ initial: ['c3'] });
    const user = userEvent.setup();
    await user.click(option('Harbor Chiropractic'));
    expect(chips()).toEqual(['Bayview Imaging', 'Harbor Chiropractic']);
    await user.click(screen.getByRole('button', { name: 'Remove Bayview Imaging' }));
    expect(changes).toEqual([['c3', 'c4'], ['c4']]);
    // The focus stays in the search field after a click on an option.
    await user.click(input);
    await user.click(option('Bayview Imaging'));
    expect(input).toHaveFocus();
  });

  it('keeps a fixed option: no Remove button, a click or Enter does not drop it, and it says why', async () => {
    const { input, changes } = renderPicker({ initial: ['c1'], fixed: FIXED });
    const user = userEvent.setup();
    const chip = within(screen.getByRole('list', { name: 'Chosen clinics' })).getByRole('listitem');
    expect(chip).toHaveTextContent('Harbor Physical Therapy your clinic', {
      normalizeWhitespace: true,
    });
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(option('Harbor Physical Therapy')).toHaveAttribute('aria-disabled', 'true');
    expect(input).toHaveAccessibleDescription('Your clinic always stays.');

    await user.click(option('Harbor Physical Therapy'));
    await user.type(input, 'harbor ph');
    await user.keyboard('{Enter}');
    expect(changes).toEqual([]);
    expect(option('Harbor Physical Therapy')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Harbor Physical Therapy: Your clinic always stays.',
    );

    // Other clinics come and go as usual.
    await user.clear(input);
    await user.click(option('Bayview Imaging'));
    expect(changes).toEqual([['c1', 'c3']]);
    await user.click(screen.getByRole('button', { name: 'Remove Bayview Imaging' }));
    expect(changes.at(-1)).toEqual(['c1']);
  });
});
