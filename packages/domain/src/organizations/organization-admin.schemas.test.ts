import { describe, expect, it } from 'vitest';
import {
  ORGANIZATION_MESSAGES,
  ZCreateOrganizationRequest,
  ZOrganizationForm,
} from './organization-admin.schemas.ts';

const form = {
  kind: 'clinic' as const,
  name: 'Harbor',
  description: '',
  phone: '',
  email: '',
  address: '',
  labels: '',
};

describe('ZOrganizationForm', () => {
  it('checks the name, then the e-mail as the request does', () => {
    expect(
      ZOrganizationForm.safeParse({ ...form, name: ' ', email: 'a@b' }).error?.issues.map(
        (issue) => [issue.path.join('.'), issue.message],
      ),
    ).toEqual([
      ['name', ORGANIZATION_MESSAGES.nameRequired],
      ['email', ORGANIZATION_MESSAGES.invalidEmail],
    ]);
  });

  it("turns the typed labels into the kind's field, giving a valid create request", () => {
    const clinic = ZOrganizationForm.parse({ ...form, labels: ' Spine, Sports ,, ' });
    expect(clinic).toMatchObject({ specialties: ['Spine', 'Sports'], practiceAreas: [] });
    expect(ZCreateOrganizationRequest.safeParse(clinic).success).toBe(true);
    expect(ZOrganizationForm.parse({ ...form, kind: 'firm', labels: 'Injury' })).toMatchObject({
      specialties: [],
      practiceAreas: ['Injury'],
      lienholderType: null,
    });
    expect(
      ZOrganizationForm.parse({ ...form, kind: 'lienholder', labels: ' Servicer ' }),
    ).toMatchObject({ specialties: [], lienholderType: 'Servicer' });
  });
});
