import { render, renderHook, screen, act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useCursorPages } from '#src/lib/use-cursor-pages.ts';
import { CursorPageControls, CursorPagination, type CursorPosition } from './cursor-pagination.tsx';

const position = (overrides: Partial<CursorPosition>): CursorPosition => ({
  pageIndex: 0,
  pageSize: 25,
  shown: 25,
  total: 60,
  isTotalCapped: false,
  hasNext: true,
  ...overrides,
});

function renderPagination(at: CursorPosition) {
  const onPrevious = vi.fn<() => void>();
  const onNext = vi.fn<() => void>();
  render(<CursorPagination label="Pages" position={at} onPrevious={onPrevious} onNext={onNext} />);
  return { onPrevious, onNext };
}

describe('CursorPagination', () => {
  it('shows the range of the page and the count, with only Next on the first page', async () => {
    const { onNext } = renderPagination(position({}));
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledOnce();
  });

  it('says the count stopped at its cap, and ends Next on the last page', () => {
    renderPagination(position({ pageIndex: 2, shown: 10, total: 1000, isTotalCapped: true }));
    expect(screen.getByText('51–60 of 1000+')).toBeInTheDocument();
    renderPagination(position({ pageIndex: 2, shown: 10, hasNext: false }));
    expect(screen.getAllByRole('button', { name: 'Next' }).at(-1)).toBeDisabled();
  });

  it('is not shown when everything fits on one page', () => {
    renderPagination(position({ shown: 3, total: 3, hasNext: false }));
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });
});

describe('useCursorPages', () => {
  it('remembers the cursors passed to go back, and starts over on reset', () => {
    const { result } = renderHook(() => useCursorPages<number>());
    expect(result.current).toMatchObject({ cursor: undefined, pageIndex: 0 });
    act(() => result.current.goNext(40));
    act(() => result.current.goNext(15));
    expect(result.current).toMatchObject({ cursor: 15, pageIndex: 2 });
    act(() => result.current.goPrevious());
    expect(result.current).toMatchObject({ cursor: 40, pageIndex: 1 });
    act(() => result.current.reset());
    expect(result.current).toMatchObject({ cursor: undefined, pageIndex: 0 });
    act(() => result.current.goPrevious());
    expect(result.current.pageIndex).toBe(0);
  });
});

describe('CursorPageControls', () => {
  it('follows the next cursor of the page shown, and goes back to the one before', async () => {
    function Harness() {
      const pages = useCursorPages<number>();
      const data = {
        items: [1, 2],
        total: 6,
        isTotalCapped: false,
        nextCursor: pages.pageIndex < 2 ? 10 + pages.pageIndex : null,
      };
      return (
        <>
          <p>cursor {String(pages.cursor)}</p>
          <CursorPageControls label="Pages" pages={pages} pageSize={2} data={data} />
        </>
      );
    }
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('cursor 10')).toBeInTheDocument();
    expect(screen.getByText('3–4 of 6')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('cursor 11')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('cursor 10')).toBeInTheDocument();
  });
});
