; Custom steps of the Windows installer (electron-builder NSIS, per-user install).
; Registers the youxi-market:// deep-link protocol for the current user, so links work before the
; first start of the app (which registers it again with app.setAsDefaultProtocolClient), and
; removes it on uninstall.

!macro customInstall
  WriteRegStr HKCU "Software\Classes\youxi-market" "" "URL:youxi-market"
  WriteRegStr HKCU "Software\Classes\youxi-market" "URL Protocol" ""
  WriteRegStr HKCU "Software\Classes\youxi-market\DefaultIcon" "" "$INSTDIR\${APP_EXECUTABLE_FILENAME},0"
  WriteRegStr HKCU "Software\Classes\youxi-market\shell\open\command" "" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'
!macroend

!macro customUnInstall
  DeleteRegKey HKCU "Software\Classes\youxi-market"
!macroend
