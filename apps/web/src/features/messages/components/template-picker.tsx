import type { ComposerTemplate } from '@casebridge/domain/messages/message-templates';
import { useId } from 'react';
import { Select } from '#src/components/ui/input.tsx';
import { useComposerTemplates } from '#src/features/messages/api/composer-templates.ts';

/** The composer's template picker: built-in templates first, then the admins' own. */
export function TemplatePicker({
  onPick,
  isDisabled,
}: {
  onPick: (template: ComposerTemplate) => void;
  isDisabled?: boolean;
}) {
  const id = useId();
  const { templates } = useComposerTemplates();
  const builtIn = templates.filter((template) => template.isBuiltIn);
  const custom = templates.filter((template) => !template.isBuiltIn);

  function handleChange(value: string) {
    const template = templates.find((item) => item.id === value);
    if (template) onPick(template);
  }

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-ink">
        Template
      </label>
      <Select
        id={id}
        value=""
        disabled={isDisabled}
        onChange={(event) => handleChange(event.target.value)}
        className="h-9 max-w-xs py-1"
      >
        <option value="">Insert a template...</option>
        <optgroup label="Built-in">
          {builtIn.map((template) => (
            <option key={template.id} value={template.id}>
              {template.title}
            </option>
          ))}
        </optgroup>
        {custom.length > 0 ? (
          <optgroup label="Shared templates">
            {custom.map((template) => (
              <option key={template.id} value={template.id}>
                {template.title}
              </option>
            ))}
          </optgroup>
        ) : null}
      </Select>
    </div>
  );
}
