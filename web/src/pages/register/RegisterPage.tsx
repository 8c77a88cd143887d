import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { register } from '../../api/auth';
import { ApiError } from '../../api/client';
import { CredentialsCard } from '../../components/CredentialsCard';

export function RegisterPage() {
  const navigate = useNavigate();

  const call = useMutation({ mutationFn: (credentials: { username: string; password: string }) => register(credentials.username, credentials.password) });

  const submit = async (username: string, password: string) => {
    try {
      await call.mutateAsync({ username, password });
    } catch (error) {
      if (error instanceof ApiError && error.answered) return error.message || 'Registration failed.';
      return 'An error occurred.';
    }
    navigate('/login');
    return null;
  };

  return (
    <CredentialsCard
      title="Register"
      onSubmit={submit}
      footer={
        <p className="credentials-switch">
          Already a member? <Link to="/login">Login</Link>
        </p>
      }
    />
  );
}
