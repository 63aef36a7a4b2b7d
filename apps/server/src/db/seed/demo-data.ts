import type { OrganizationKind, Role } from '@casebridge/domain/roles';
import type { TreatmentStatus } from '@casebridge/domain/patients/treatment-status';
import type { DocumentCategory } from '@casebridge/domain/constants';

export type DemoOrganization = {
  key: string;
  kind: OrganizationKind;
  name: string;
  address: string;
  phone: string;
  email: string;
  description: string;
  specialties?: string[];
  practiceAreas?: string[];
  lienholderType?: string;
};

export const DEMO_ORGANIZATIONS: DemoOrganization[] = [
  {
    key: 'harbor',
    kind: 'clinic',
    name: 'Harbor Physical Therapy',
    address: '120 Bayview Ave, Long Beach, CA 90802',
    phone: '(562) 555-0141',
    email: 'frontdesk@harborpt.example',
    description:
      'Outpatient physical therapy and rehabilitation after auto and workplace injuries.',
    specialties: ['Physical Therapy', 'Rehabilitation'],
  },
  {
    key: 'summit',
    kind: 'clinic',
    name: 'Summit Spine & Pain Center',
    address: '4400 Summit Blvd, Suite 210, Pasadena, CA 91101',
    phone: '(626) 555-0177',
    email: 'referrals@summitspine.example',
    description: 'Interventional pain management, chiropractic care and spine evaluations.',
    specialties: ['Pain Management', 'Chiropractic', 'Orthopedics'],
  },
  {
    key: 'riverside',
    kind: 'clinic',
    name: 'Riverside Imaging Associates',
    address: '88 Riverside Dr, Riverside, CA 92501',
    phone: '(951) 555-0190',
    email: 'scheduling@riversideimaging.example',
    description: 'MRI, CT and X-ray imaging with 48-hour radiology reports.',
    specialties: ['MRI', 'CT', 'X-Ray'],
  },
  {
    key: 'morgan',
    kind: 'firm',
    name: 'Morgan & Hale Injury Law',
    address: '700 Wilshire Blvd, Floor 12, Los Angeles, CA 90017',
    phone: '(213) 555-0123',
    email: 'intake@morganhale.example',
    description: 'Personal-injury firm focused on motor-vehicle and premises-liability cases.',
    practiceAreas: ['Auto Accidents', 'Premises Liability'],
  },
  {
    key: 'castillo',
    kind: 'firm',
    name: 'Castillo Legal Group',
    address: '2150 Fifth Ave, San Diego, CA 92101',
    phone: '(619) 555-0166',
    email: 'cases@castillolegal.example',
    description: 'Bilingual injury representation for workers and families.',
    practiceAreas: ['Workplace Injury', 'Auto Accidents', 'Slip and Fall'],
  },
  {
    key: 'medlien',
    kind: 'lienholder',
    name: 'MedLien Funding Partners',
    address: '55 Market St, San Francisco, CA 94105',
    phone: '(415) 555-0102',
    email: 'accounts@medlien.example',
    description: 'Medical lien funding for treating providers awaiting settlement.',
    lienholderType: 'Medical funding',
  },
  {
    key: 'keystone',
    kind: 'lienholder',
    name: 'Keystone Medical Receivables',
    address: '901 K St, Sacramento, CA 95814',
    phone: '(916) 555-0158',
    email: 'billing@keystonemr.example',
    description: 'Purchases and services medical receivables on personal-injury cases.',
    lienholderType: 'Receivables purchaser',
  },
];

export type DemoUser = { email: string; name: string; role: Role; organizationKey: string | null };

export const DEMO_USERS: DemoUser[] = [
  { email: 'admin@demo.test', name: 'Avery Admin', role: 'admin', organizationKey: null },
  { email: 'clinic@demo.test', name: 'Casey Harbor', role: 'clinic', organizationKey: 'harbor' },
  { email: 'clinic2@demo.test', name: 'Sam Summit', role: 'clinic', organizationKey: 'summit' },
  { email: 'attorney@demo.test', name: 'Morgan Hale', role: 'attorney', organizationKey: 'morgan' },
  {
    email: 'attorney2@demo.test',
    name: 'Lucia Castillo',
    role: 'attorney',
    organizationKey: 'castillo',
  },
  {
    email: 'lienholder@demo.test',
    name: 'Lee Medlien',
    role: 'lienholder',
    organizationKey: 'medlien',
  },
  {
    email: 'imaging@demo.test',
    name: 'Riley Riverside',
    role: 'clinic',
    organizationKey: 'riverside',
  },
  {
    email: 'keystone@demo.test',
    name: 'Kai Keystone',
    role: 'lienholder',
    organizationKey: 'keystone',
  },
];

export type DemoPatient = {
  fullName: string;
  dob: string;
  status: TreatmentStatus;
  clinics: string[];
  firm: string;
  lienholders: string[];
  /** Days before today for intake; evaluation and last treatment follow when the status implies them. */
  intakeDaysAgo: number;
  contactName?: string;
  contactPhone?: string;
};

export const DEMO_PATIENTS: DemoPatient[] = [
  {
    fullName: 'Maria Delgado',
    dob: '1984-03-12',
    status: 'Referred',
    clinics: ['harbor'],
    firm: 'morgan',
    lienholders: ['medlien'],
    intakeDaysAgo: 3,
    contactName: 'Rosa Delgado',
    contactPhone: '(562) 555-0110',
  },
  {
    fullName: 'James Whitfield',
    dob: '1979-11-02',
    status: 'Evaluated',
    clinics: ['harbor', 'riverside'],
    firm: 'morgan',
    lienholders: ['medlien'],
    intakeDaysAgo: 21,
  },
  {
    fullName: 'Priya Raman',
    dob: '1991-07-25',
    status: 'Referred for Imaging',
    clinics: ['harbor', 'riverside'],
    firm: 'castillo',
    lienholders: [],
    intakeDaysAgo: 35,
  },
  {
    fullName: 'Daniel Okafor',
    dob: '1968-01-30',
    status: 'Referred for MD',
    clinics: ['summit'],
    firm: 'castillo',
    lienholders: ['keystone'],
    intakeDaysAgo: 48,
  },
  {
    fullName: 'Emily Chen',
    dob: '1995-05-14',
    status: 'Referred for Pain Management',
    clinics: ['summit', 'harbor'],
    firm: 'morgan',
    lienholders: ['medlien', 'keystone'],
    intakeDaysAgo: 60,
  },
  {
    fullName: 'Robert Alvarez',
    dob: '1973-09-09',
    status: 'Referred for PT',
    clinics: ['harbor'],
    firm: 'morgan',
    lienholders: ['medlien'],
    intakeDaysAgo: 74,
  },
  {
    fullName: 'Aisha Mohammed',
    dob: '1988-12-19',
    status: 'Referred for Specialist',
    clinics: ['summit'],
    firm: 'morgan',
    lienholders: [],
    intakeDaysAgo: 90,
  },
  {
    fullName: 'Thomas Becker',
    dob: '1960-04-04',
    status: 'Discharged',
    clinics: ['harbor'],
    firm: 'morgan',
    lienholders: ['medlien'],
    intakeDaysAgo: 140,
    contactName: 'Anna Becker',
    contactPhone: '(562) 555-0188',
  },
  {
    fullName: 'Sofia Rossi',
    dob: '1999-02-08',
    status: 'Referred',
    clinics: ['summit'],
    firm: 'castillo',
    lienholders: [],
    intakeDaysAgo: 1,
  },
  {
    fullName: 'Kevin Nguyen',
    dob: '1986-06-21',
    status: 'Evaluated',
    clinics: ['summit'],
    firm: 'castillo',
    lienholders: ['keystone'],
    intakeDaysAgo: 15,
  },
  {
    fullName: 'Hannah Schmidt',
    dob: '1977-10-11',
    status: 'Referred for Imaging',
    clinics: ['riverside'],
    firm: 'morgan',
    lienholders: ['medlien'],
    intakeDaysAgo: 28,
  },
  {
    fullName: 'Marcus Johnson',
    dob: '1982-08-17',
    status: 'Referred for MD',
    clinics: ['harbor'],
    firm: 'castillo',
    lienholders: ['medlien'],
    intakeDaysAgo: 42,
  },
  {
    fullName: 'Olivia Martins',
    dob: '1993-03-03',
    status: 'Referred for Pain Management',
    clinics: ['summit'],
    firm: 'castillo',
    lienholders: [],
    intakeDaysAgo: 55,
  },
  {
    fullName: 'Ethan Brooks',
    dob: '1970-07-07',
    status: 'Referred for PT',
    clinics: ['summit', 'harbor'],
    firm: 'castillo',
    lienholders: ['keystone'],
    intakeDaysAgo: 66,
  },
  {
    fullName: 'Grace Kim',
    dob: '1989-09-29',
    status: 'Referred for Specialist',
    clinics: ['harbor'],
    firm: 'morgan',
    lienholders: ['medlien'],
    intakeDaysAgo: 81,
  },
  {
    fullName: 'Samuel Adeyemi',
    dob: '1965-12-01',
    status: 'Discharged',
    clinics: ['summit'],
    firm: 'castillo',
    lienholders: ['keystone'],
    intakeDaysAgo: 160,
  },
  {
    fullName: 'Lucy Thompson',
    dob: '2001-01-15',
    status: 'Referred',
    clinics: ['harbor'],
    firm: 'castillo',
    lienholders: [],
    intakeDaysAgo: 5,
  },
  {
    fullName: 'Victor Petrov',
    dob: '1975-05-05',
    status: 'Evaluated',
    clinics: ['summit'],
    firm: 'morgan',
    lienholders: ['medlien'],
    intakeDaysAgo: 18,
  },
  {
    fullName: 'Nadia Haddad',
    dob: '1990-11-23',
    status: 'Referred for PT',
    clinics: ['harbor'],
    firm: 'morgan',
    lienholders: ['medlien'],
    intakeDaysAgo: 70,
  },
  {
    fullName: 'William Foster',
    dob: '1958-02-27',
    status: 'Discharged',
    clinics: ['harbor', 'summit'],
    firm: 'morgan',
    lienholders: ['medlien'],
    intakeDaysAgo: 200,
  },
  {
    fullName: 'Isabella Cruz',
    dob: '1997-08-08',
    status: 'Referred for Imaging',
    clinics: ['summit', 'riverside'],
    firm: 'castillo',
    lienholders: ['keystone'],
    intakeDaysAgo: 30,
  },
  {
    fullName: 'Benjamin Clarke',
    dob: '1981-04-18',
    status: 'Referred',
    clinics: ['riverside'],
    firm: 'castillo',
    lienholders: [],
    intakeDaysAgo: 2,
  },
];

export type DemoMessage = { patient: string; from: string; body: string; minutesAgo: number };

export const DEMO_MESSAGES: DemoMessage[] = [
  {
    patient: 'James Whitfield',
    from: 'clinic@demo.test',
    body: 'Initial evaluation complete. Cervical strain with limited range of motion; recommending PT twice a week.',
    minutesAgo: 60 * 24 * 2,
  },
  {
    patient: 'James Whitfield',
    from: 'attorney@demo.test',
    body: 'Thank you. Please send the evaluation report when it is signed.',
    minutesAgo: 60 * 24 * 2 - 45,
  },
  {
    patient: 'James Whitfield',
    from: 'clinic@demo.test',
    body: 'Report uploaded under Treatment Notes.',
    minutesAgo: 60 * 20,
  },
  {
    patient: 'Emily Chen',
    from: 'clinic2@demo.test',
    body: 'Patient reports pain at 6/10 after the second injection. Scheduling a follow-up in two weeks.',
    minutesAgo: 60 * 5,
  },
  {
    patient: 'Emily Chen',
    from: 'lienholder@demo.test',
    body: 'Can you confirm the CPT codes for the last two sessions?',
    minutesAgo: 60 * 3,
  },
  {
    patient: 'Thomas Becker',
    from: 'clinic@demo.test',
    body: 'Patient discharged with a home exercise program. Final billing attached.',
    minutesAgo: 60 * 24 * 10,
  },
  {
    patient: 'Thomas Becker',
    from: 'attorney@demo.test',
    body: 'Great news. We will request the discharge summary for the demand package.',
    minutesAgo: 60 * 24 * 9,
  },
  {
    patient: 'Daniel Okafor',
    from: 'clinic2@demo.test',
    body: 'Referred to an orthopedic MD for the shoulder. Awaiting appointment.',
    minutesAgo: 60 * 30,
  },
  {
    patient: 'Maria Delgado',
    from: 'attorney@demo.test',
    body: 'New client referral. Rear-end collision on the 405; neck and lower back pain.',
    minutesAgo: 60 * 24 * 3,
  },
];

export type DemoBilling = {
  patient: string;
  clinic: string;
  cpt: string;
  sessions: number;
  cents: number;
  daysAgo: number;
};

export const DEMO_BILLING: DemoBilling[] = [
  {
    patient: 'James Whitfield',
    clinic: 'harbor',
    cpt: '97161',
    sessions: 1,
    cents: 18_500,
    daysAgo: 20,
  },
  {
    patient: 'James Whitfield',
    clinic: 'harbor',
    cpt: '97110',
    sessions: 6,
    cents: 72_000,
    daysAgo: 6,
  },
  {
    patient: 'Emily Chen',
    clinic: 'summit',
    cpt: '64483',
    sessions: 2,
    cents: 360_000,
    daysAgo: 12,
  },
  {
    patient: 'Emily Chen',
    clinic: 'summit',
    cpt: '99214',
    sessions: 1,
    cents: 22_550,
    daysAgo: 40,
  },
  {
    patient: 'Thomas Becker',
    clinic: 'harbor',
    cpt: '97140',
    sessions: 12,
    cents: 138_000,
    daysAgo: 30,
  },
  {
    patient: 'Thomas Becker',
    clinic: 'harbor',
    cpt: '97530',
    sessions: 8,
    cents: 96_025,
    daysAgo: 15,
  },
  {
    patient: 'Robert Alvarez',
    clinic: 'harbor',
    cpt: '97110',
    sessions: 4,
    cents: 48_000,
    daysAgo: 9,
  },
  {
    patient: 'Hannah Schmidt',
    clinic: 'riverside',
    cpt: '72148',
    sessions: 1,
    cents: 145_000,
    daysAgo: 20,
  },
  {
    patient: 'William Foster',
    clinic: 'summit',
    cpt: '98941',
    sessions: 10,
    cents: 85_000,
    daysAgo: 100,
  },
  // Samuel Adeyemi, treated at Summit from intake (160 days ago) to discharge (40 days ago).
  {
    patient: 'Samuel Adeyemi',
    clinic: 'summit',
    cpt: '99204',
    sessions: 1,
    cents: 32_000,
    daysAgo: 158,
  },
  {
    patient: 'Samuel Adeyemi',
    clinic: 'summit',
    cpt: '98941',
    sessions: 18,
    cents: 153_000,
    daysAgo: 100,
  },
  {
    patient: 'Samuel Adeyemi',
    clinic: 'summit',
    cpt: '20552',
    sessions: 3,
    cents: 54_000,
    daysAgo: 45,
  },
  {
    patient: 'Kevin Nguyen',
    clinic: 'summit',
    cpt: '99203',
    sessions: 1,
    cents: 19_999,
    daysAgo: 14,
  },
];

export type DemoDocument = {
  patient: string;
  uploader: string;
  category: DocumentCategory;
  fileName: string;
  daysAgo: number;
};

export const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    patient: 'James Whitfield',
    uploader: 'clinic@demo.test',
    category: 'Intake',
    fileName: 'intake-form-whitfield.pdf',
    daysAgo: 21,
  },
  {
    patient: 'James Whitfield',
    uploader: 'clinic@demo.test',
    category: 'Treatment Notes',
    fileName: 'evaluation-report.pdf',
    daysAgo: 1,
  },
  {
    patient: 'Thomas Becker',
    uploader: 'clinic@demo.test',
    category: 'Intake',
    fileName: 'becker-intake.pdf',
    daysAgo: 140,
  },
  {
    patient: 'Thomas Becker',
    uploader: 'clinic@demo.test',
    category: 'Discharge',
    fileName: 'discharge-summary.txt',
    daysAgo: 10,
  },
  {
    patient: 'Hannah Schmidt',
    uploader: 'imaging@demo.test',
    category: 'MRI',
    fileName: 'lumbar-mri-key-image.png',
    daysAgo: 19,
  },
  {
    patient: 'Emily Chen',
    uploader: 'clinic2@demo.test',
    category: 'Billing',
    fileName: 'injection-invoice.pdf',
    daysAgo: 11,
  },
  {
    patient: 'Emily Chen',
    uploader: 'clinic2@demo.test',
    category: 'Intake',
    fileName: 'chen-intake.pdf',
    daysAgo: 60,
  },
];
