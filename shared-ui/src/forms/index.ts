// The form kit every remote's forms are built with: labelled fields with their messages, the error
// summary of a long form, and the hook that checks a form with its shared schema, sends it, and
// keeps it working before and without the page's code.
export { CheckboxField, CheckboxGroup, RadioGroup, SelectField, SubmitButton, TextField } from './FormFields.js';
export { ErrorSummary } from './ErrorSummary.js';
export { useSchemaForm, type FormValues } from './useSchemaForm.js';
