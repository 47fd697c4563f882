-- expect: MODULE_STRUCTURE_IMPORT_RENAME_CONFLICT
package t.p;

module M is
  import com.io7m.parasol.Integer as Float;
  import com.io7m.parasol.Float;

end;
