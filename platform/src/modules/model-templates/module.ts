import { defineModule, service } from '../../module.js';
import { ModelTemplateService } from './model-template-service.js';
import { modelTemplateRoutes } from './routes.js';

export const modelTemplatesModule = defineModule({
  id: 'model-templates',
  services: { modelTemplateService: service(ModelTemplateService) },
  routes: modelTemplateRoutes,
});
