import { useMutation } from '@tanstack/react-query';
import { Link, type Location, useLocation, useNavigate } from 'react-router-dom';
import { login } from '../../api/auth';
import { ApiError } from '../../api/client';
import { CredentialsCard } from '../../components/CredentialsCard';
import { useSession } from '../../session/SessionProvider';

export function LoginPage() {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: Location } | null)?.from;

  const call = useMutation({ mutationFn: (credentials: { username: string; password: string }) => login(credentials.username, credentials.password) });

  const submit = async (username: string, password: string) => {
    try {
      await call.mutateAsync({ username, password });
    } catch (error) {
      if (error instanceof ApiError && error.answered) return error.message || 'Login failed.';
      return error instanceof Error && error.message && !(error instanceof ApiError) ? error.message : 'An error occurred.';
    }
    await refresh();
    navigate(from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : '/', { replace: true });
    return null;
  };

  return (
    <CredentialsCard
      title="Login"
      onSubmit={submit}
      footer={
        <p className="credentials-switch">
          New here? <Link to="/register">Register</Link>
        </p>
      }
    />
  );
}
