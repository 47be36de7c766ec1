/**
 * User-facing texts. The spec's catalogue (§4, §5, §8) is quoted verbatim; texts the spec leaves open
 * are ours and marked as such so nobody "corrects" a spec text by accident.
 */
export const messages = {
  generic: 'An error occurred',
  /** A request for an organization whose warehouse could not be brought to this version (the log says why). */
  warehouseNotCurrent:
    "This organization's data could not be updated to this version of Finboard. An administrator has been told; please try again later.",
  sessionExpired: 'Your session has expired. Please login again.',
  logoutSuccess: 'Logout Successfully!',
  formFailed: 'Form submission failed! Please check the highlighted fields.',
  /** Spec §5 (uploads); also what admins see before choosing whose data to work on. */
  selectOrganization: 'Please select an organization first',
  fillRequired: 'Please fill in all required fields correctly',

  // Password and profile (spec §8)
  adminResetFailed: 'Failed to reset password. Please try again.',
  adminResetSuccess: "Password reset successfully! A new password has been sent to the user's email.",
  changePasswordFailed: 'An error occurred while changing the password.',

  // Ours: auth
  loginSuccess: 'Login successful',
  invalidCredentials: 'Invalid email or password',
  accountDisabled: 'Your account is disabled. Please contact your administrator.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  unauthenticated: 'Authentication required',
  forbidden: 'You do not have permission to perform this action',
  mustChangePassword: 'You must change your password before continuing.',
  temporaryPasswordUsed: 'This temporary password has already been used. Ask your administrator for a new one.',
  forgotPasswordSent: 'If an account exists for that email, a password reset link has been sent.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  resetLinkValid: 'This password reset link is valid.',
  resetLinkExpired: 'This password reset link has expired. Ask for a new one.',
  resetLinkUsed: 'This password reset link has already been used. Ask for a new one.',
  resetLinkUnknown:
    'This password reset link is not valid. Check that you copied the whole link, or ask for a new one.',
  resetPasswordSuccess: 'Your password has been reset. You can now log in.',
  changePasswordSuccess: 'Password changed successfully',
  currentPasswordWrong: 'Current password is incorrect',
  passwordUnchanged: 'The new password must be different from the current password',
  passwordsDoNotMatch: 'Passwords do not match',
  profileUpdated: 'Profile updated successfully',
  profileFetched: 'Profile fetched successfully',
  notOwnProfile: 'You can only update your own profile',
  signupDisabled: 'Sign-up is disabled. Please contact your administrator.',
  signupSuccess: 'Account created successfully. You can now log in.',
  emailTaken: 'An account with this email already exists',
  logoutDone: 'Logged out',

  // Ours: contact and platform
  contactSent: 'Thank you! Your message has been sent.',
  validationFailed: 'Validation failed',
  notFound: 'Not found',
  routeNotFound: 'Route not found',
  internal: 'An error occurred',
  databaseUnavailable: 'The database is not answering. Please try again shortly.',
  outboxFetched: 'Outbox fetched successfully',

  // Ours: input the platform cannot take (issue 8); none of these repeats what was sent.
  unsupportedCharacters: 'Text may not contain control characters or invalid symbols',
  invalidDate: 'Please enter a valid date (YYYY-MM-DD)',
  invalidValue: 'One of the values is not valid',
  malformedRequest: 'The request could not be read',
  malformedForm: 'The form data could not be read. Please try again.',
  fieldRepeated: (field: string) => `The form sends ${field} more than once: send it once`,
  requestTooLarge: 'The request is too large',
  urlTooLong: 'The request address is too long',
  headersTooLarge: 'The request address or headers are too large',
  invalidUrl: 'The request address is not valid',
  unsupportedMediaType: 'This type of content is not accepted here',
  requestTimeout: 'The request took too long to arrive',
} as const;

export type MessageKey = keyof typeof messages;
