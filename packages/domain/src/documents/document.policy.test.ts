import { describe, expect, it } from 'vitest';
import { DOCUMENT_CATEGORIES } from '../constants.ts';
import { ROLES } from '../roles.ts';
import {
  canCorrectDocuments,
  canRecategorizeDocumentTo,
  getUploadableDocumentCategories,
} from './document.policy.ts';

describe('document corrections follow the uploader’s rule', () => {
  it('lets clinic and admin file under every category, and nobody else under any', () => {
    for (const role of ROLES) {
      const expected = role === 'clinic' || role === 'admin' ? DOCUMENT_CATEGORIES : [];
      expect(getUploadableDocumentCategories({ role })).toEqual(expected);
    }
    expect(getUploadableDocumentCategories({ role: 'other' })).toEqual([]);
  });

  it('lets exactly those roles re-categorise and remove', () => {
    expect(ROLES.filter((role) => canCorrectDocuments({ role }))).toEqual(['clinic', 'admin']);
    expect(canRecategorizeDocumentTo({ role: 'clinic' }, 'Intake')).toBe(true);
    expect(canRecategorizeDocumentTo({ role: 'attorney' }, 'MRI')).toBe(false);
    expect(canRecategorizeDocumentTo({ role: 'lienholder' }, 'Billing')).toBe(false);
  });
});
