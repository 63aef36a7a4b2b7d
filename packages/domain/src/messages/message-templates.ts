/** The patient placeholder every template may carry (spec section 3). */
export const PATIENT_NAME_PLACEHOLDER = '{{patient.name}}';

export type ComposerTemplate = {
  /** 'intro' / 'reminder' for the built-ins, the template's UUID for admin-created ones. */
  id: string;
  title: string;
  body: string;
  isBuiltIn: boolean;
};

/** The built-in templates 'intro' and 'reminder'; each names the patient. */
export const BUILT_IN_MESSAGE_TEMPLATES: readonly ComposerTemplate[] = [
  {
    id: 'intro',
    title: 'Introduction',
    body: `Hello, I am reaching out about our shared patient ${PATIENT_NAME_PLACEHOLDER}. I will be your point of contact for this case; please post any questions or updates here.`,
    isBuiltIn: true,
  },
  {
    id: 'reminder',
    title: 'Reminder',
    body: `Friendly reminder: we are still waiting for the latest updates on ${PATIENT_NAME_PLACEHOLDER}. Please share any new records or changes in treatment when you can.`,
    isBuiltIn: true,
  },
];

/** Fills a template for a patient: every `{{patient.name}}` (spacing tolerated) becomes the name. */
export function applyMessageTemplate(body: string, patient: { fullName: string }): string {
  return body.replace(/\{\{\s*patient\.name\s*\}\}/g, () => patient.fullName);
}
