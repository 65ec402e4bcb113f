import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateField } from './date-field';

function Controlled({
  initial = '',
  onChange,
  min,
  max,
}: {
  initial?: string;
  onChange: (day: string) => void;
  min?: string;
  max?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="From"
      value={value}
      min={min}
      max={max}
      onChange={(day) => {
        setValue(day);
        onChange(day);
      }}
    />
  );
}

function renderField(props: Omit<Parameters<typeof Controlled>[0], 'onChange'> = {}) {
  const onChange = vi.fn();
  const view = render(<Controlled onChange={onChange} {...props} />);
  return { ...view, onChange, field: screen.getByLabelText('From'), user: userEvent.setup() };
}

/** The browser's own date input behind the calendar button (hidden from people and assistive technology). */
function calendarInput(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>('input[type="date"]');
  if (!input) throw new Error('no date input');
  return input;
}

afterEach(() => {
  Reflect.deleteProperty(HTMLInputElement.prototype, 'showPicker');
});

describe('DateField', () => {
  it('shows the day as the app shows dates, not in the browser’s format', () => {
    const { field } = renderField({ initial: '2026-01-05' });
    expect(field).toHaveValue('05 Jan 2026');
    expect(field).toHaveAttribute('type', 'text');
  });

  it('takes a day typed as the app shows it, and tidies it on leaving the field', async () => {
    const { field, onChange, user } = renderField();
    await user.type(field, '5 jan 2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-01-05');
    await user.tab();
    expect(field).toHaveValue('05 Jan 2026');
  });

  it('takes a day written as YYYY-MM-DD', () => {
    const { field, onChange } = renderField();
    fireEvent.change(field, { target: { value: '2026-03-01' } });
    expect(onChange).toHaveBeenCalledWith('2026-03-01');
  });

  it('says how to write a day it cannot read, and keeps the last good one', async () => {
    const { field, onChange, user } = renderField({ initial: '2026-01-05' });
    await user.clear(field);
    await user.type(field, '31 Feb 2026');
    await user.tab();
    expect(screen.getByText('Enter a date like 05 Jan 2026')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Enter a date like 05 Jan 2026');
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('keeps to 2000–2099', async () => {
    const { field, onChange, user } = renderField();
    await user.type(field, '31 Dec 1999');
    await user.tab();
    expect(screen.getByText('Choose a day from 01 Jan 2000 to 31 Dec 2099')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps to the range it is given', async () => {
    const { field, user } = renderField({ max: '2026-02-10' });
    await user.type(field, '11 Feb 2026');
    await user.tab();
    expect(screen.getByText('Choose a day from 01 Jan 2000 to 10 Feb 2026')).toBeInTheDocument();
  });

  it('clears the day when the text is cleared', async () => {
    const { field, onChange, user } = renderField({ initial: '2026-01-05' });
    await user.clear(field);
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it("opens the browser's calendar, bounded to the range, and shows the day picked there", async () => {
    const showPicker = vi.fn();
    Object.defineProperty(HTMLInputElement.prototype, 'showPicker', {
      value: showPicker,
      configurable: true,
    });
    const { container, field, onChange, user } = renderField({ min: '2026-01-01' });
    const calendar = calendarInput(container);
    expect(calendar).toHaveAttribute('min', '2026-01-01');
    expect(calendar).toHaveAttribute('max', '2099-12-31');

    await user.click(screen.getByRole('button', { name: 'Open calendar for From' }));
    expect(showPicker).toHaveBeenCalledOnce();
    fireEvent.change(calendar, { target: { value: '2026-02-14' } });
    expect(onChange).toHaveBeenCalledWith('2026-02-14');
    expect(field).toHaveValue('14 Feb 2026');
  });

  it('shows a day changed elsewhere (Back, a link) instead of what was being typed', async () => {
    function WithHistory() {
      const [value, setValue] = useState('2026-01-05');
      return (
        <>
          <DateField label="From" value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue('2026-03-09')}>
            Back
          </button>
        </>
      );
    }
    render(<WithHistory />);
    const user = userEvent.setup();
    const field = screen.getByLabelText('From');
    await user.type(field, ' and then');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(field).toHaveValue('09 Mar 2026');
  });
});
