// A failed call's Korean reason from the Worker ({code, message}), for messages like
// '정지 중 오류가 발생했어요 (이미 정지된 회원이에요.)'.
export function reasonOf(err: unknown): string | null {
  if (err instanceof Error && err.message && !/^(Failed to fetch|NetworkError|TypeError)/i.test(err.message)) {
    return err.message;
  }
  return null;
}

export const withReason = (message: string, err: unknown) => {
  const reason = reasonOf(err);
  return reason ? `${message} (${reason})` : message;
};
