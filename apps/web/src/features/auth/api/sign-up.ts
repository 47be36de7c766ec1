import { useMutation } from '@tanstack/react-query';
import { apiSuccessSchema } from '@finboard/shared/api';
import { userSchema, type SignupRequest } from '@finboard/shared/users';
import { apiRequest } from '../../../lib/api-client';

const signUpResponseSchema = apiSuccessSchema(userSchema);

export const signUp = (body: SignupRequest) =>
  apiRequest('/api/v1/user', { method: 'POST', body, auth: false, schema: signUpResponseSchema });

export const useSignUp = () => useMutation({ mutationFn: signUp });
