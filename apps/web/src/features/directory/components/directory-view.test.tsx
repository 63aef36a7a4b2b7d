import type { TOrganization } from '@casebridge/domain/organizations/organization.schemas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#src/test/render.tsx';
import { signedInAs } from '#src/test/sessions.ts';
import { DirectoryView } from './directory-view.tsx';

const organization = (kind: TOrganization['kind'], name: string, index: number) => ({
  id: `4444444${index}-4444-4444-8444-444444444444`,
  kind,
  name,
  slug: name,
  description: null,
  phone: null,
  email: null,
  address: null,
  specialties: [],
  practiceAreas: [],
  lienholderType: kind === 'lienholder' ? 'Funding' : null,
  version: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedByName: null,
});

const DIRECTORY = [
  organization('clinic', 'Harbor Physical Therapy', 1),
  organization('firm', 'Keystone Injury Law', 2),
  organization('firm', 'Harbor Legal Group', 3),
  organization('lienholder', 'MedLien', 4),
];

function renderDirectory() {
  renderWithProviders(<DirectoryView canManage={false} />, {
    session: signedInAs('attorney'),
    api: { 'GET /organizations': () => ({ items: DIRECTORY }) },
  });
  return userEvent.setup();
}

const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('DirectoryView search', () => {
  it('opens the tab that has the matches when the open one has none', async () => {
    const user = renderDirectory();
    expect(await screen.findByText('Harbor Physical Therapy')).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Search directory' }), 'keystone');
    expect(selectedTab()).toHaveTextContent('Attorney Firms (1)');
    expect(screen.getByText('Keystone Injury Law')).toBeVisible();
  });

  it('opens the tab with the matches of a search typed before the directory loaded', async () => {
    let answer = () => {};
    const loaded = new Promise<void>((resolve) => {
      answer = resolve;
    });
    renderWithProviders(<DirectoryView canManage={false} />, {
      session: signedInAs('attorney'),
      api: {
        'GET /organizations': async () => {
          await loaded;
          return { items: DIRECTORY };
        },
      },
    });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search directory' }), 'keystone');
    answer();
    expect(await screen.findByText('Keystone Injury Law')).toBeVisible();
    expect(selectedTab()).toHaveTextContent('Attorney Firms (1)');
  });

  it('keeps the open tab while it has matches', async () => {
    const user = renderDirectory();
    expect(await screen.findByText('Harbor Physical Therapy')).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Search directory' }), 'harbor');
    expect(selectedTab()).toHaveTextContent('Clinics (1)');
  });

  it('names the tabs with matches on an empty tab, and opens one on request', async () => {
    const user = renderDirectory();
    expect(await screen.findByText('Harbor Physical Therapy')).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Search directory' }), 'harbor');
    await user.click(screen.getByRole('tab', { name: /Lienholders/ }));
    expect(screen.getByText('No results found')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Attorney Firms (1)' }));
    expect(selectedTab()).toHaveTextContent('Attorney Firms (1)');
    expect(screen.getByText('Harbor Legal Group')).toBeVisible();
  });
});
