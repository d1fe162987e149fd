@echo off
rem The command line of an installed VOA Desk: the desktop app with "cli" as its first argument opens no
rem window and ends with the command's exit status (0 done, 1 failed, 2 invalid input). A batch file waits
rem for the app to end, so %ERRORLEVEL% is the command's.
"%~dp0VOA Desk.exe" cli %*
exit /b %ERRORLEVEL%
