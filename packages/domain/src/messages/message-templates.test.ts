import { describe, expect, it } from 'vitest';
import {
  applyMessageTemplate,
  BUILT_IN_MESSAGE_TEMPLATES,
  PATIENT_NAME_PLACEHOLDER,
} from './message-templates.ts';

describe('message templates', () => {
  it("offers the built-in 'intro' and 'reminder' templates, each naming the patient", () => {
    expect(BUILT_IN_MESSAGE_TEMPLATES.map((template) => template.id)).toEqual([
      'intro',
      'reminder',
    ]);
    for (const template of BUILT_IN_MESSAGE_TEMPLATES)
      expect(template.body).toContain(PATIENT_NAME_PLACEHOLDER);
  });

  it('replaces every {{patient.name}}, spacing tolerated, and leaves other text alone', () => {
    expect(
      applyMessageTemplate('Hi {{patient.name}} / {{ patient.name }} / {{other}} $&', {
        fullName: 'Maria Delgado',
      }),
    ).toBe('Hi Maria Delgado / Maria Delgado / {{other}} $&');
  });

  it('does not interpret replacement patterns in the name', () => {
    expect(applyMessageTemplate('{{patient.name}}', { fullName: "O'Neil $1 $&" })).toBe(
      "O'Neil $1 $&",
    );
  });
});
