// Logout for the sidebar and the user menu: says so when the server could not end the session.
import { forwardRef } from 'react';
import ExitToAppIcon from '@mui/icons-material/ExitToApp';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useLogout, useNotify, useTranslate } from 'react-admin';

export const LogoutMenuItem = forwardRef<HTMLLIElement>(function LogoutMenuItem(_props, ref) {
  const logout = useLogout();
  const notify = useNotify();
  const translate = useTranslate();
  const onClick = () => {
    logout({ reportFailure: true }).catch(() => notify('ongi.auth.logout_failed', { type: 'error' }));
  };
  return (
    // Same icon column as react-admin's MenuItemLink (spacing 5), so sidebar labels line up.
    <MenuItem
      ref={ref}
      onClick={onClick}
      sx={(theme) => ({ '& .MuiListItemIcon-root': { minWidth: theme.spacing(5) } })}
    >
      <ListItemIcon>
        <ExitToAppIcon />
      </ListItemIcon>
      <ListItemText>{translate('ongi.auth.logout')}</ListItemText>
    </MenuItem>
  );
});
