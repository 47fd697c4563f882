-- expect: MODULE_STRUCTURE_RENAME_RENAME_CONFLICT
package t.p;

module M is
  import com.io7m.parasol.Float as X;
  import com.io7m.parasol.Integer as X;

end;
