import { z } from 'zod';
import { optionalText, requiredLine } from '../common.schemas.ts';
import { ZGapThresholdDays } from '../gaps/treatment-gap.schemas.ts';
import { ORGANIZATION_KINDS } from '../roles.ts';
import { versionInput } from '../versioning/versioning.ts';

export const ORGANIZATION_MESSAGES = {
  nameRequired: 'Organization name is required',
  invalidEmail: 'Please enter a valid email address',
  nameTaken: 'An organization with this name already exists',
  created: 'Organization created successfully',
  updated: 'Organization updated successfully',
  saveFailed: 'Failed to save organization',
} as const;

/** A list of short labels (specialties, practice areas): trimmed, blanks and duplicates dropped. */
const labelList = z
  .array(z.string().trim().max(100))
  .max(30)
  .default([])
  .transform((items) => [...new Set(items.filter((item) => item !== ''))]);

const ZOrganizationFields = z.object({
  name: requiredLine(ORGANIZATION_MESSAGES.nameRequired, 200),
  address: optionalText(300),
  phone: optionalText(40),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(320)
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(z.email(ORGANIZATION_MESSAGES.invalidEmail).nullable()),
  description: optionalText(2000),
  specialties: labelList,
  practiceAreas: labelList,
  lienholderType: optionalText(100),
  /** A clinic's treatment-gap threshold in days; the other kinds have none. */
  gapThresholdDays: ZGapThresholdDays.optional(),
});

/** Clinic specialties, firm practice areas and lienholder type only apply to their own kind. */
export const ZCreateOrganizationRequest = ZOrganizationFields.extend({
  kind: z.enum(ORGANIZATION_KINDS),
});
export type TCreateOrganizationRequest = z.input<typeof ZCreateOrganizationRequest>;
export type TCreateOrganizationParsed = z.output<typeof ZCreateOrganizationRequest>;

/**
 * An edit, from the version named by `If-Match` or `version`. The kind never changes: users and
 * patients refer to the organisation by it.
 */
export const ZUpdateOrganizationRequest = ZOrganizationFields.extend(versionInput);
export type TUpdateOrganizationRequest = z.input<typeof ZUpdateOrganizationRequest>;
export type TUpdateOrganizationParsed = z.output<typeof ZUpdateOrganizationRequest>;

/** 'Spine, Sports,' → ['Spine', 'Sports']: the labels as the admin types them, one text. */
export function splitOrganizationLabels(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * The admin's organisation form: the request's own fields (name, then e-mail, checked as the
 * server checks them), with the kind's labels typed as one text: comma-separated specialties or
 * practice areas, or the lienholder type. Its output is the create request; an edit leaves out
 * the kind.
 */
export const ZOrganizationForm = ZCreateOrganizationRequest.pick({
  kind: true,
  name: true,
  description: true,
  phone: true,
  email: true,
  address: true,
  gapThresholdDays: true,
})
  .extend({ labels: z.string().trim() })
  .transform(({ labels, ...fields }) => ({
    ...fields,
    specialties: fields.kind === 'clinic' ? splitOrganizationLabels(labels) : [],
    practiceAreas: fields.kind === 'firm' ? splitOrganizationLabels(labels) : [],
    lienholderType: fields.kind === 'lienholder' && labels ? labels : null,
  }));
export type TOrganizationForm = z.input<typeof ZOrganizationForm>;
