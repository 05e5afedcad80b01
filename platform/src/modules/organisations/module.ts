import { defineModule, service } from '../../module.js';
import { OrganisationEntering } from './entering.js';
import { OrganisationNotifications } from './notifications.js';
import { OrganisationCreation } from './organisation-creation.js';
import { OrganisationRemoval } from './organisation-removal.js';
import { OrganisationService } from './organisation-service.js';
import { organisationRoutes } from './routes.js';

/** Channels and enterprises run from the API (docs/organisation.md). */
export const organisationsModule = defineModule({
  id: 'organisations',
  services: {
    organisationCreation: service(OrganisationCreation),
    organisationService: service(OrganisationService),
    organisationRemoval: service(OrganisationRemoval),
    organisationNotifications: service(OrganisationNotifications),
    organisationEntering: service(OrganisationEntering),
  },
  routes: organisationRoutes,
});
