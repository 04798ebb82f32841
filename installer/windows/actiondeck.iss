; Inno Setup 6 script for Action Deck's Windows installer.
;
; installer/build.py compiles it on Windows after PyInstaller has built the bundle:
;   iscc /DAppVersion=0.1.0 /DBundleDir=...\dist\actiondeck /DIconFile=...\actiondeck.ico
;        /DOutputDir=...\dist installer\windows\actiondeck.iss
;
; A player double-clicks the setup, may keep the default (their own account, no administrator
; needed) or install for everyone, and gets a Start-menu entry, a desktop shortcut (a ticked
; box they can untick) and an entry in "Installed apps" to uninstall. Saved games live in the
; user's AppData folder, never in the program folder, so uninstalling leaves them alone.

#ifndef AppVersion
  #error Pass /DAppVersion=X.Y.Z (installer/build.py does).
#endif
#ifndef BundleDir
  #error Pass /DBundleDir=the PyInstaller one-folder bundle (installer/build.py does).
#endif
#ifndef IconFile
  #error Pass /DIconFile=actiondeck.ico (installer/build.py renders it).
#endif
#ifndef OutputDir
  #define OutputDir "dist"
#endif

#define AppName "Action Deck"
#define AppExe "actiondeck.exe"

[Setup]
; The AppId identifies the app across upgrades: never change it.
AppId={{6F0D2C8E-4B1A-4E7F-9C43-2A9D5B7E1C64}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=Action Deck developers
VersionInfoVersion={#AppVersion}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; Per-user by default; the player may choose an install for all users in the wizard.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=commandline dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0
OutputDir={#OutputDir}
OutputBaseFilename=ActionDeck-{#AppVersion}-setup
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"

[Files]
; The whole bundle; an upgrade first removes the old one (below) so no stale library is left.
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[InstallDelete]
Type: filesandordirs; Name: "{app}\_internal"

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}"; Comment: "Play games driven by action cards"
Name: "{group}\{cm:UninstallProgram,{#AppName}}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Messages]
; The last page also says what Windows will ask the first time phones are turned on (README,
; "Playing with phones"): the app listens on the local network only while phones are on.
FinishedLabel=Setup has finished installing [name] on your computer. The application may be launched by selecting the installed shortcuts.%n%nPlaying with phones: the first time you turn phones on, Windows Defender Firewall asks whether Action Deck may communicate on networks. Allow it on private networks, such as your home Wi-Fi, so that the players' phones can reach the table.

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
