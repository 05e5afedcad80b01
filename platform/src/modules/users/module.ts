import type { ConsoleConfig } from '../../config.js';
import { defineModule, service } from '../../module.js';
import { personalRoutes } from './personal-routes.js';
import { PersonalService } from './personal-service.js';
import { roleRoutes } from './role-routes.js';
import { RoleService } from './role-service.js';
import { userRoutes } from './user-routes.js';
import { UserService } from './user-service.js';

/** Users, roles and personal info of the caller's organisation (docs/organisation.md, "Users and roles"). */
export const usersModule = defineModule({
  id: 'users',
  services: {
    userService: service(UserService),
    roleService: service(RoleService),
    personalService: service(PersonalService),
  },
  routes: (deps: {
    userService: UserService;
    roleService: RoleService;
    personalService: PersonalService;
    config: ConsoleConfig;
  }) => [...userRoutes(deps), ...roleRoutes(deps), ...personalRoutes(deps)],
});
