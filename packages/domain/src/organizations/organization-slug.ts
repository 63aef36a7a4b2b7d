/** Legacy ids: the organisation's name with whitespace runs replaced by underscores (spec section 3). */
export function toOrganizationSlug(name: string): string {
  return name.trim().replace(/\s+/g, '_');
}
