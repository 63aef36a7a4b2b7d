import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '#src/lib/cn.ts';

export type TabItem<T extends string> = { value: T; label: ReactNode };

/** The styled row of tab triggers; place it inside a Radix `Tabs.Root`. Wraps on narrow screens. */
export function TabBar<T extends string>({
  label,
  items,
  className,
  onIntent,
}: {
  label: string;
  items: readonly TabItem<T>[];
  className?: string;
  /** Called when a tab is hovered or focused, before it is chosen: to preload its content. */
  onIntent?: (value: T) => void;
}) {
  return (
    <Tabs.List
      aria-label={label}
      className={cn('mb-6 flex flex-wrap gap-x-1 border-b border-border', className)}
    >
      {items.map((item) => (
        <Tabs.Trigger
          key={item.value}
          value={item.value}
          onPointerEnter={onIntent ? () => onIntent(item.value) : undefined}
          onFocus={onIntent ? () => onIntent(item.value) : undefined}
          className="-mb-px whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-ink-muted hover:text-ink data-[state=active]:border-brand data-[state=active]:text-ink"
        >
          {item.label}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}

/**
 * The tab named by `?tab=`, or the first one; choosing a tab rewrites the URL in place (the first
 * tab drops the parameter), so every tab can be deep-linked.
 */
export function useTabParam<T extends string>(values: readonly T[]): [T, (value: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const first = values[0] as T;
  const tab = values.find((value) => value === requested) ?? first;
  const setTab = (value: string) =>
    setSearchParams(value === first ? {} : { tab: value }, { replace: true });
  return [tab, setTab];
}
