export {
  performOnTemplate,
  templateChoices,
  templateEditContext,
  type TemplateEditContext,
} from './template-edit';
