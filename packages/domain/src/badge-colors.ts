/**
 * The colours a badge can take, in one vocabulary for the whole product: the spec's status
 * colours (Referred yellow, Evaluated blue, 'Referred for …' purple, Discharged green) and sender
 * colours (clinic green, attorney blue, lienholder yellow, admin purple), plus red and gray for
 * states the spec does not colour (failed, inactive, other). The web app maps each to its classes
 * once (`components/ui/badge.tsx`).
 */
export const BADGE_COLORS = ['green', 'blue', 'yellow', 'purple', 'red', 'gray'] as const;
export type BadgeColor = (typeof BADGE_COLORS)[number];
