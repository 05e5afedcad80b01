import { defineModule, service } from '../../module.js';
import { GroupService } from './group-service.js';
import { groupNamesAnyCase } from './migrations/0013-group-names-any-case.js';
import { groupRoutes } from './routes.js';

export const groupsModule = defineModule({
  id: 'groups',
  services: { groupService: service(GroupService) },
  routes: groupRoutes,
  migrations: [groupNamesAnyCase],
});
