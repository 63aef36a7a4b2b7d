import { ZCreateAccessRequest } from '@casebridge/domain/access-requests/access-request.schemas';
import { MESSAGES } from '@casebridge/domain/errors';
import { ROLE_LABELS, SIGNUP_ROLES } from '@casebridge/domain/roles';
import { CheckCircle2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#src/components/ui/button.tsx';
import { Input, Label, Select } from '#src/components/ui/input.tsx';
import { ApiError, NetworkError } from '#src/lib/api-client.ts';
import { useCreateAccessRequest } from '#src/features/access-requests/api/create-access-request.ts';

const EMPTY_FORM = { name: '', email: '', organization: '', phone: '', role: '' };
type FormValues = typeof EMPTY_FORM;

const TEXT_FIELDS: Array<{
  name: Exclude<keyof FormValues, 'role'>;
  label: string;
  type: string;
  autoComplete: string;
}> = [
  { name: 'name', label: 'Full name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'organization', label: 'Organization', type: 'text', autoComplete: 'organization' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
];

export function AccessRequestForm() {
  const [values, setValues] = useState<FormValues>(EMPTY_FORM);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const createRequest = useCreateAccessRequest();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const isComplete = Object.values(values).every((value) => value.trim() !== '');
    if (!isComplete) {
      toast.error(MESSAGES.signupFieldsRequired);
      return;
    }
    const parsed = ZCreateAccessRequest.safeParse(values);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? MESSAGES.signupFieldsRequired);
      return;
    }
    createRequest.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(MESSAGES.signupSucceeded);
        setIsSubmitted(true);
        setValues(EMPTY_FORM);
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
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      {TEXT_FIELDS.map((field) => (
        <div key={field.name}>
          <Label htmlFor={`signup-${field.name}`}>{field.label}</Label>
          <Input
            id={`signup-${field.name}`}
            type={field.type}
            autoComplete={field.autoComplete}
            aria-required="true"
            value={values[field.name]}
            onChange={(event) =>
              setValues((current) => ({ ...current, [field.name]: event.target.value }))
            }
          />
        </div>
      ))}
      <div>
        <Label htmlFor="signup-role">Role</Label>
        <Select
          id="signup-role"
          aria-required="true"
          value={values.role}
          onChange={(event) => setValues((current) => ({ ...current, role: event.target.value }))}
        >
          <option value="">Select a role...</option>
          {SIGNUP_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </Select>
      </div>
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
