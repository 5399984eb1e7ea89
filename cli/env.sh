# Sourced by the project's scripts: the JDK the platform needs (Java 21+; Temurin 25 on these machines).
if [ -z "${LAKESTUDIO_JAVA_HOME:-}" ]; then
  for j in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-25-jdk* /usr/lib/jvm/*-25-* /usr/lib/jvm/*-21-*; do
    if [ -x "$j/bin/java" ]; then LAKESTUDIO_JAVA_HOME=$j; break; fi
  done
fi
if [ -z "${LAKESTUDIO_JAVA_HOME:-}" ] || [ ! -x "$LAKESTUDIO_JAVA_HOME/bin/java" ]; then
  echo "Lakestudio needs a JDK 21 or newer (Temurin 25 is what it is built with): none found under /usr/lib/jvm." >&2
  echo "Install one, or set LAKESTUDIO_JAVA_HOME to it." >&2
  exit 3
fi
export JAVA_HOME=$LAKESTUDIO_JAVA_HOME
export PATH="$JAVA_HOME/bin:$PATH"
