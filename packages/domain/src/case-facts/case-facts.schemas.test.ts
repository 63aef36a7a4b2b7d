import { describe, expect, it } from 'vitest';
import { CASE_FACTS_MESSAGES } from './case-facts-constants.ts';
import { ZSaveCaseFactsRequest } from './case-facts.schemas.ts';

const FORM = {
  accidentDate: '2026-02-01',
  accidentType: '',
  firmCaseNumber: '  MH-1  ',
  stage: 'treating',
  stageNote: '',
  insurers: [
    {
      coverage: 'liability',
      carrier: ' Pacific Shield ',
      claimNumber: '',
      adjusterName: '',
      adjusterPhone: '',
      adjusterEmail: ' D.Ruiz@Example.test ',
      policyLimit: '25,000',
    },
  ],
};

const messagesOf = (input: unknown) =>
  ZSaveCaseFactsRequest.safeParse(input).error?.issues.map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]);

describe('ZSaveCaseFactsRequest', () => {
  it('turns what the form holds into the request: blanks as null, the limit in cents', () => {
    expect(ZSaveCaseFactsRequest.parse(FORM)).toEqual({
      accidentDate: '2026-02-01',
      accidentType: null,
      firmCaseNumber: 'MH-1',
      stage: 'treating',
      stageNote: null,
      insurers: [
        {
          coverage: 'liability',
          carrier: 'Pacific Shield',
          claimNumber: null,
          adjusterName: null,
          adjusterPhone: null,
          adjusterEmail: 'd.ruiz@example.test',
          policyLimit: 2_500_000,
        },
      ],
    });
  });

  it('refuses a future accident date, a blank carrier and a negative or fractional-cent limit', () => {
    const insurer = FORM.insurers[0]!;
    expect(
      messagesOf({
        ...FORM,
        accidentDate: '2999-01-01',
        insurers: [
          { ...insurer, carrier: ' ' },
          { ...insurer, policyLimit: '-5' },
          { ...insurer, policyLimit: '10.001' },
        ],
      }),
    ).toEqual([
      ['accidentDate', CASE_FACTS_MESSAGES.accidentDateInvalid],
      ['insurers.0.carrier', CASE_FACTS_MESSAGES.carrierRequired],
      ['insurers.1.policyLimit', CASE_FACTS_MESSAGES.limitInvalid],
      ['insurers.2.policyLimit', CASE_FACTS_MESSAGES.limitInvalid],
    ]);
  });

  it('takes a blank limit as not known and refuses an eleventh insurer', () => {
    const insurer = { ...FORM.insurers[0]!, policyLimit: '' };
    expect(
      ZSaveCaseFactsRequest.parse({ ...FORM, insurers: [insurer] }).insurers[0]?.policyLimit,
    ).toBeNull();
    expect(messagesOf({ ...FORM, insurers: Array.from({ length: 11 }, () => insurer) })).toEqual([
      ['insurers', CASE_FACTS_MESSAGES.tooManyInsurers],
    ]);
  });
});
