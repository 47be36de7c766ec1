import { z } from 'zod';
import { ROLES } from './constants.ts';
import { STANDARD_DATA_TYPES } from './data-types.ts';
import { filterText, pagedResponseSchema, pageQuerySchema } from './pagination.ts';
import { emailSchema, nameSchema, passwordSchema, phoneSchema, text } from './validation.ts';

export const userMessages = {
  created: 'User created successfully',
  createdInvite: 'User created successfully. A link to set a password has been e-mailed.',
  updated: 'User updated successfully',
  fetched: 'Users fetched successfully',
  fetchedOne: 'User fetched successfully',
  notFound: 'User not found',
  deactivated: 'User deactivated',
  reactivated: 'User reactivated',
  organizationRequired: 'Organization is required for a user',
  organizationInactive: 'Users cannot be added to an inactive organization',
  adminHasNoOrganization: 'A platform administrator does not belong to an organization',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  dashboardNotInOrganization: "A chosen dashboard does not belong to the user's organization",
} as const;

/** The user as every API response shows it; never carries secrets. */
export const userSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  role: z.enum(ROLES),
  organization_id: z.uuid().nullable(),
  organizationName: z.string().nullable(),
  /** The pipeline the user runs (spec §3 User.pipeline). */
  pipeline: z.string().nullable(),
  /**
   * True: the user sees every dashboard of the organization, those added later included. False: only
   * those in `dashboards` (Edit User's chosen list).
   */
  allDashboards: z.boolean(),
  /** Ids of the dashboards of the chosen list; empty while the user sees all. */
  dashboards: z.array(z.uuid()),
  isActive: z.boolean(),
  mustChangePassword: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type User = z.infer<typeof userSchema>;

export const signupRequestSchema = z.object({
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  email: emailSchema,
  phoneNumber: phoneSchema.optional(),
  password: passwordSchema,
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const profileUpdateRequestSchema = z.object({
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  phoneNumber: phoneSchema,
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

export const userIdParamsSchema = z.object({ userId: z.uuid({ error: 'Invalid user id' }) });

/**
 * Which dashboards a user sees, as Add and Edit User send it: `allDashboards: true` is every dashboard of
 * the organization (the default); `allDashboards: false` with `dashboards` is only that list. `dashboards`
 * alone (spec §7's Edit User payload) is a chosen list.
 */
const dashboardAccessFields = {
  allDashboards: z.boolean().optional(),
  dashboards: z.array(z.uuid()).max(200).optional(),
};

/** Add New User (admin). Without `password` the user is e-mailed a link to set one. */
export const adminCreateUserRequestSchema = z
  .object({
    firstName: nameSchema('First name'),
    lastName: nameSchema('Last name'),
    email: emailSchema,
    phoneNumber: phoneSchema,
    role: z.enum(ROLES, { error: 'Role is required' }),
    organization_id: z.uuid({ error: userMessages.organizationRequired }).nullish(),
    password: passwordSchema.optional(),
    ...dashboardAccessFields,
  })
  .superRefine((input, ctx) => {
    if (input.role === 'user' && !input.organization_id)
      ctx.addIssue({ code: 'custom', message: userMessages.organizationRequired, path: ['organization_id'] });
    if (input.role === 'admin' && input.organization_id)
      ctx.addIssue({ code: 'custom', message: userMessages.adminHasNoOrganization, path: ['organization_id'] });
  });
export type AdminCreateUserRequest = z.input<typeof adminCreateUserRequestSchema>;

/**
 * The pipelines a user may be given until organizations have pipelines of their own: one per standard
 * data type, the loads every warehouse has. Edit User offers these (and keeps any other value a user has).
 */
export const PIPELINE_CHOICES: readonly string[] = STANDARD_DATA_TYPES.map((dataType) => dataType.name);

/** Edit User (admin): spec §7 fields pipeline, email, fullname, dashboards, and allDashboards. */
export const userUpdateRequestSchema = z.object({
  pipeline: text().trim().max(200, 'Pipeline must be at most 200 characters').nullish(),
  email: emailSchema.optional(),
  fullname: nameSchema('Full name').optional(),
  ...dashboardAccessFields,
});
export type UserUpdateRequest = z.input<typeof userUpdateRequestSchema>;

export const userStatusRequestSchema = z.object({ isActive: z.boolean() });

export const USER_SORT_FIELDS = ['name', 'email', 'role', 'organizationName', 'createdAt'] as const;

export const userListQuerySchema = pageQuerySchema.extend({
  name: filterText,
  email: filterText,
  organization_id: z
    .uuid()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  role: z
    .enum(ROLES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  status: z.enum(['active', 'inactive', 'all']).default('all'),
  sortBy: z.enum(USER_SORT_FIELDS).default('name'),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

/** Spec §7: GET /api/v1/user answers the list in `data`; paging sits beside it. */
export const userListResponseSchema = pagedResponseSchema(z.array(userSchema));
