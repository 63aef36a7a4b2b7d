import {
  ZCreateAccessRequest,
  type TCreateAccessRequest,
} from '@casebridge/domain/access-requests/access-request.schemas';
import { MESSAGES } from '@casebridge/domain/errors';
import { ROLE_LABELS, SIGNUP_ROLES } from '@casebridge/domain/roles';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input, Select } from '#src/components/ui/input.tsx';
import { ApiError, NetworkError } from '#src/lib/api-client.ts';
import { useDomainForm } from '#src/lib/domain-form.ts';
import { useCreateAccessRequest } from '#src/features/access-requests/api/create-access-request.ts';

const TEXT_FIELDS = [
  { name: 'name', label: 'Full name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'organization', label: 'Organization', type: 'text', autoComplete: 'organization' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
] as const;

/**
 * The public 'Request Access' form. The server's signup schema checks it in the spec's order:
 * any blank field or no role is 'Please fill out all required fields.', as a toast and at each
 * such field; then the e-mail address.
 */
export function AccessRequestForm() {
  const [isSubmitted, setIsSubmitted] = useState(false);
  const createRequest = useCreateAccessRequest();
  const form = useDomainForm(ZCreateAccessRequest, {
    // No role until one is chosen: the select starts on 'Select a role...'.
    defaultValues: { name: '', email: '', organization: '', phone: '' },
  });
  const { errors } = form.formState;

  function handleValid(values: TCreateAccessRequest) {
    createRequest.mutate(values, {
      onSuccess: () => {
        toast.success(MESSAGES.signupSucceeded);
        setIsSubmitted(true);
      },
      onError: (error) => {
        if (error instanceof NetworkError) toast.error(MESSAGES.networkError);
        else if (error instanceof ApiError && error.code === 'VALIDATION_FAILED')
          toast.error(error.message);
        else toast.error(MESSAGES.signupFailed);
      },
    });
  }

  if (isSubmitted) {
    return (
      <div role="status" className="space-y-4 text-center">
        <CheckCircle2
          className="mx-auto h-10 w-10 text-green-600 dark:text-green-400"
          aria-hidden
        />
        <p className="text-ink">{MESSAGES.signupConfirmation}</p>
        <Link
          to="/login"
          className="inline-block font-medium text-brand underline-offset-2 hover:underline"
        >
          Back to sign in
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={form.submitWith(handleValid)} noValidate className="space-y-4">
      {TEXT_FIELDS.map((field) => (
        <FormField
          key={field.name}
          id={`signup-${field.name}`}
          label={field.label}
          error={errors[field.name]?.message}
        >
          <Input
            type={field.type}
            autoComplete={field.autoComplete}
            aria-required="true"
            {...form.register(field.name)}
          />
        </FormField>
      ))}
      <FormField id="signup-role" label="Role" error={errors.role?.message}>
        <Select aria-required="true" {...form.register('role')}>
          <option value="">Select a role...</option>
          {SIGNUP_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </Select>
      </FormField>
      <Button type="submit" className="w-full" disabled={createRequest.isPending}>
        {createRequest.isPending ? 'Sending...' : 'Request Access'}
      </Button>
      <p className="text-center text-sm text-ink-muted">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-brand underline-offset-2 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
