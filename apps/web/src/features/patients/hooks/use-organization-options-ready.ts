import { useOrganizationOptions } from '#src/lib/organization-options.ts';

/** Pickers must have their options before a form applies its defaults to them. */
export function useOrganizationOptionsReady(): { isReady: boolean; error: Error | null } {
  const queries = [
    useOrganizationOptions('clinic'),
    useOrganizationOptions('firm'),
    useOrganizationOptions('lienholder'),
  ];
  return {
    isReady: queries.every((query) => query.isSuccess),
    error: queries.find((query) => query.error)?.error ?? null,
  };
}
